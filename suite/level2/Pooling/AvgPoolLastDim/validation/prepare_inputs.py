import torch
from framework.utils import check_precision

# Per-dtype error bounds: an element fails only when both its absolute and relative error exceed
# them. The window sum may be taken in another order and the mean as a multiplication by 1/k, and
# half precision adds one final rounding step.
TOLERANCE = {"float16": 2e-3, "bfloat16": 1e-2, "float32": 1e-4}


def get_inputs(param, device=None):
    shape = eval(param.get("shape", "[1, 2]"))
    dtype = getattr(torch, param.get("dtype", "float16"))
    kernel_size = int(param.get("kernel_size", 2))
    if shape[-1] % kernel_size != 0:
        raise ValueError(f"the last dimension {shape[-1]} is not a multiple of kernel_size {kernel_size}")
    x = torch.randn(shape, dtype=torch.float32, device=device)
    return (x.to(dtype), kernel_size)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    tolerance = TOLERANCE[param.get("dtype", "float16")]
    outputs = [t.float() for t in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]
    outputs_new = [t.float() for t in (outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new])]
    return check_precision(outputs, outputs_new, tolerance, tolerance)
