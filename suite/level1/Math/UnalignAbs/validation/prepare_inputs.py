import torch


def get_inputs(param, device=None):
    """One tensor of the case's shape and dtype, N(0, 100)."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x = torch.randn(shape, device=device) * 10.0
    return (x.to(dtype),)


def get_init_inputs(param, device=None):
    return []
