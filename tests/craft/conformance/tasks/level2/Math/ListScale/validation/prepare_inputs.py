import torch
from framework.utils import check_precision

TOLERANCE = {"float16": 1e-3, "float32": 1e-5}


def get_inputs(param, device=None):
    """x ~ N(0, 4) of the case's shape and dtype, and the case's two lists."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x = (torch.randn(shape, device=device) * 2.0).to(dtype)
    return (x, [float(f) for f in eval(param['factors'])], [int(d) for d in eval(param['dims'])])


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    tolerance = TOLERANCE[param.get('dtype', 'float32')]
    return check_precision([t.float() for t in outputs], [t.float() for t in outputs_new], tolerance, tolerance)
