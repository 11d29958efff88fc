import torch


def get_inputs(param, device=None):
    shape = eval(param.get('shape', '[1]'))
    dtype = getattr(torch, param.get('dtype', 'float16'))
    return (torch.rand(shape, device=device, dtype=dtype) * 10,)  # CPU torch.rand has no int32 kernel


def get_init_inputs(param, device=None):
    return []
