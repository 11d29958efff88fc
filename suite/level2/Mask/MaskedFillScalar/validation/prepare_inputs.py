import torch
from framework.utils import check_precision


def get_inputs(param, device=None):
    """x ~ N(0, 1) in the case's dtype; mask true with the case's probability fill_rate; value: the
    case's value as a 1-element tensor of x's dtype."""
    shape = [int(d) for d in eval(param.get('shape', '[1]'))]
    dtype = getattr(torch, param.get('dtype', 'float32'))
    rate = float(param.get('fill_rate', 0.5))
    x = torch.randn(shape, device=device).to(dtype)
    mask = torch.rand(shape, device=device) < rate
    value = torch.tensor([float(param.get('value', 0.0))], dtype=dtype, device=device)
    return (x, mask, value)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    # Kept and filled elements are copies: exact.
    ref = [t.double() for t in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]
    new = [t.double() for t in (outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new])]
    return check_precision(ref, new, 0.0, 0.0)
