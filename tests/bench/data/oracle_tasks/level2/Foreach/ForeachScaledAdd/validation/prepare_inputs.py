import torch


def get_inputs(param, device=None):
    shapes = eval(param['shapes'])
    dtype = getattr(torch, param.get('dtype', 'float16'))
    alpha = param.alpha
    if not isinstance(alpha, float):
        raise TypeError(f"alpha should arrive as a float, like pandas gives it, not {type(alpha).__name__}")
    x = [torch.randn(shape, device=device, dtype=dtype) for shape in shapes]
    y = [torch.randn(shape, device=device, dtype=dtype) for shape in shapes]
    return x, y, alpha


def get_init_inputs(param, device=None):
    return []
