import torch
from framework.utils import check_precision

# Per-dtype error bounds: an element fails only when both its absolute and relative error exceed
# them. The kernel's float32 arithmetic is the reference's, so the bounds only allow for a
# different rounding of the same float32 value in half precision.
TOLERANCE = {"float16": 2e-3, "bfloat16": 1e-2, "float32": 1e-4}


def get_inputs(param, device=None):
    shape = eval(param.get("shape", "[1]"))
    dtype = getattr(torch, param.get("dtype", "float32"))
    weights = torch.randn(shape, dtype=torch.float32, device=device)
    grad = torch.randn(shape, dtype=torch.float32, device=device)
    velocity = torch.randn(shape, dtype=torch.float32, device=device) * 0.5
    return (weights.to(dtype), grad.to(dtype), velocity.to(dtype), float(param.get("lr", 0.01)),
            float(param.get("momentum", 0.9)))


def get_init_inputs(param, device=None):
    return []


def _as_float_list(outputs):
    # The op returns a tuple (param_out, velocity_out); check_precision takes a list.
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    return [t.float() for t in outputs]


def custom_check_precision(param, outputs, outputs_new):
    tolerance = TOLERANCE[param.get("dtype", "float32")]
    return check_precision(_as_float_list(outputs), _as_float_list(outputs_new), tolerance, tolerance)
