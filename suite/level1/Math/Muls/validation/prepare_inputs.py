import torch


def get_inputs(param, device=None):
    """x ~ N(0, 4) of the case's shape and dtype, and the case's float `value`."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x = (torch.randn(shape, device=device) * 4.0).to(dtype)
    return (x, float(param.get('value', 1.0)))


def get_init_inputs(param, device=None):
    return []
