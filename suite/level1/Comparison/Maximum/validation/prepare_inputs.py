import torch


def get_inputs(param, device=None):
    """x1, x2 ~ N(0, 9) of the case's shape and dtype."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x1 = (torch.randn(shape, device=device) * 3.0).to(dtype)
    x2 = (torch.randn(shape, device=device) * 3.0).to(dtype)
    return (x1, x2)


def get_init_inputs(param, device=None):
    return []
