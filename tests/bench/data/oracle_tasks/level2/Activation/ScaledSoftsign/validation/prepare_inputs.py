import torch

from framework.utils import check_precision


def get_inputs(param, device=None):
    shape = eval(param.get('shape', '[8]'))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    return (torch.randn(shape, device=device, dtype=dtype) * 4,)


def get_init_inputs(param, device=None):
    return [param.get('scale', 1)]


def custom_check_precision(param, outputs, outputs_new):
    # A looser bound than the default 1e-3: this op's candidates may use a fast reciprocal.
    return check_precision(outputs, outputs_new, max_abs_error=0.01, max_rel_error=0.01)
