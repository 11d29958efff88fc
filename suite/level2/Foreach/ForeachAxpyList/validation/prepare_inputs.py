import torch


def get_inputs(param, device=None):
    """Lists x and y of tensors ~ N(0, 1), one per shape of the case and in the case's dtype, then
    the case's float alpha."""
    shapes = [tuple(int(d) for d in shape) for shape in eval(param.get('shapes', '[[1]]'))]
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x = [torch.randn(shape, device=device).to(dtype) for shape in shapes]
    y = [torch.randn(shape, device=device).to(dtype) for shape in shapes]
    return (x, y, float(param.get('alpha', 1.0)))


def get_init_inputs(param, device=None):
    return []
