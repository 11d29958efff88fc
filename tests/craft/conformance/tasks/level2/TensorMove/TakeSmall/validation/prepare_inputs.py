import torch
from framework.utils import check_precision


def get_inputs(param, device=None):
    """x of the case's shape and dtype; positions of the shape `index` drawn from all of x, repeats allowed."""
    shape = [int(d) for d in eval(param.get("shape", "[8]"))]
    dtype = getattr(torch, param.get("dtype", "float32"))
    if dtype.is_floating_point:
        x = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    else:
        x = torch.randint(-1000000, 1000000, shape, dtype=dtype, device=device)
    index_shape = [int(d) for d in eval(param.get("index", "[1]"))]
    index = torch.randint(0, x.numel(), index_shape, dtype=torch.int32, device=device)
    return (x, index)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    # Pure data movement: every element must be the input's, bit for bit.
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    return check_precision([t.double() for t in outputs], [t.double() for t in outputs_new], 0.0, 0.0)
