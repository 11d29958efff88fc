import torch
from framework.utils import check_precision


def get_inputs(param, device=None):
    """The case's start, end and step as Python floats (the op's float attributes)."""
    return (float(param.get('start', 0.0)), float(param.get('end', 1.0)), float(param.get('step', 1.0)))


def get_init_inputs(param, device=None):
    """The output dtype's name: the model is built for it."""
    return [param.get('dtype', 'float32')]


def custom_check_precision(param, outputs, outputs_new):
    # Every case's values are exact in its dtype: the sequence must match element for element.
    ref = [t.double() for t in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]
    new = [t.double() for t in (outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new])]
    return check_precision(ref, new, 0.0, 0.0)
