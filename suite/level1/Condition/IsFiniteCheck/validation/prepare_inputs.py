import torch


def get_inputs(param, device=None):
    """x ~ N(0, 100) with about 3% of the elements each replaced by +inf, -inf and NaN."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x = torch.randn(shape, device=device) * 10.0
    pick = torch.rand(shape, device=device)
    x[pick < 0.03] = float('inf')
    x[(pick >= 0.03) & (pick < 0.06)] = float('-inf')
    x[(pick >= 0.06) & (pick < 0.09)] = float('nan')
    return (x.to(dtype),)


def get_init_inputs(param, device=None):
    return []
