import torch
from framework.utils import check_precision

TOLERANCE = {"float16": 1e-3, "float32": 1e-5}


def get_inputs(param, device=None):
    """x ~ N(0, 9) of the case's shape (an even last dim) and dtype."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[2]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    return ((torch.randn(shape, device=device) * 3.0).to(dtype),)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    tolerance = TOLERANCE[param.get('dtype', 'float32')]
    outputs = [t.float() for t in (outputs if isinstance(outputs, list) else [outputs])]
    outputs_new = [t.float() for t in (outputs_new if isinstance(outputs_new, list) else [outputs_new])]
    return check_precision(outputs, outputs_new, tolerance, tolerance)
