import torch
from framework.utils import check_precision

# Per-dtype error bounds: an element fails only when both its absolute and relative error exceed
# them. exp and log may differ in the last float32 bit from the reference's, the sums may be added
# in another order, and half precision adds one final rounding step.
TOLERANCE = {"float16": 2e-3, "float32": 1e-4}


def get_inputs(param, device=None):
    shape = [int(d) for d in eval(param.get("shape", "[1, 2]"))]
    dtype = getattr(torch, param.get("dtype", "float32"))
    reduction = str(param.get("reduction", "mean")).strip()
    rows, classes = shape
    # Logits with a per-row scale between 0.5 and 4: some rows nearly flat, some peaked.
    scale = 0.5 + 3.5 * torch.rand([rows, 1], device=device)
    logits = torch.randn(shape, dtype=torch.float32, device=device) * scale
    target = torch.randint(0, classes, [rows], dtype=torch.int64, device=device)
    return (logits.to(dtype), target, reduction)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    tolerance = TOLERANCE[param.get("dtype", "float32")]
    outputs = [t.float() for t in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]
    outputs_new = [t.float() for t in (outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new])]
    return check_precision(outputs, outputs_new, tolerance, tolerance)
