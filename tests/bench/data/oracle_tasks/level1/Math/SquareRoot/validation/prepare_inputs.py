import torch


def get_inputs(param, device=None):
    shape = eval(param.get('shape', '[1]'))
    dtype = getattr(torch, param.get('dtype', 'float16'))
    x = torch.rand(shape, device=device, dtype=torch.float32) * 9 + 0.25
    return (x.to(dtype),)


def get_init_inputs(param, device=None):
    return []
