import torch


def get_inputs(param, device=None):
    """x, y ~ N(0, 1) of the case's shape and dtype, then the case's floats a and b."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x = torch.randn(shape, device=device).to(dtype)
    y = torch.randn(shape, device=device).to(dtype)
    return (x, y, float(param.get('a', 1.0)), float(param.get('b', 1.0)))


def get_init_inputs(param, device=None):
    return []
