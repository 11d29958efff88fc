import torch
from framework.utils import check_precision

TOLERANCE = {"float16": 1e-3, "float32": 1e-5}


def get_inputs(param, device=None):
    """`count` tensors ~ N(0, 1) in the case's dtype, tensor i of `sizes[i % len(sizes)]` elements,
    then the case's scale."""
    sizes = [int(s) for s in eval(param.get("sizes", "[1]"))]
    dtype = getattr(torch, param.get("dtype", "float32"))
    x = [torch.randn(sizes[i % len(sizes)], device=device).to(dtype) for i in range(int(param.get("count", "1")))]
    return (x, float(param.get("scale", "1.0")))


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    tolerance = TOLERANCE[param.get("dtype", "float32")]
    outputs = [t.float() for t in (outputs if isinstance(outputs, list) else [outputs])]
    outputs_new = [t.float() for t in (outputs_new if isinstance(outputs_new, list) else [outputs_new])]
    return check_precision(outputs, outputs_new, tolerance, tolerance)
