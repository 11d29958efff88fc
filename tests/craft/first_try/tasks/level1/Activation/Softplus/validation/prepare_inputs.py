import torch
from framework.utils import check_precision

# An element fails only when both its absolute and relative error exceed the bound: half precision
# allows for the final rounding, float32 for a different exp/log implementation.
TOLERANCE = {"float16": 2e-3, "bfloat16": 1e-2, "float32": 1e-4}


def get_inputs(param, device=None):
    """One tensor of the case's shape and dtype, uniform in [-16, 16)."""
    shape = tuple(int(d) for d in eval(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    x = torch.rand(shape, device=device) * 32.0 - 16.0
    return (x.to(dtype),)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    tolerance = TOLERANCE[param.get("dtype", "float32")]
    outputs = [t.float() for t in (outputs if isinstance(outputs, list) else [outputs])]
    outputs_new = [t.float() for t in (outputs_new if isinstance(outputs_new, list) else [outputs_new])]
    return check_precision(outputs, outputs_new, tolerance, tolerance)
