import torch
from framework.utils import check_precision


def get_inputs(param, device=None):
    """A list of tensors ~ N(0, 1), one per shape of the case, in the case's dtype, a few elements of
    each set exactly to the bound (rounded to the dtype); then the bound as a 1-element float32 tensor."""
    shapes = [tuple(int(d) for d in shape) for shape in eval(param.get('shapes', '[[1]]'))]
    dtype = getattr(torch, param.get('dtype', 'float32'))
    bound = float(param.get('scalar', 0.0))
    xs = []
    for shape in shapes:
        x = torch.randn(shape, device=device)
        x[torch.rand(shape, device=device) < 0.05] = bound
        xs.append(x.to(dtype))
    return (xs, torch.tensor([bound], dtype=torch.float32, device=device))


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    # A maximum rounded once: exact.
    ref = [t.double() for t in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]
    new = [t.double() for t in (outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new])]
    return check_precision(ref, new, 0.0, 0.0)
