import torch
from framework.utils import check_precision


def get_inputs(param, device=None):
    """x: [N, D] of the case's dtype (normal values for floats, integers in [-10^6, 10^6) for int32);
    index: index_len row numbers drawn uniformly from [0, N), with the last row picked first and
    row 0 picked last so both ends of x are always read."""
    rows, width = (int(d) for d in eval(param.get('x_shape', '[1, 1]')))
    count = int(param.get('index_len', 1))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    if dtype.is_floating_point:
        x = torch.randn([rows, width], device=device).to(dtype)
    else:
        x = torch.randint(-1000000, 1000000, [rows, width], dtype=torch.int64, device=device).to(dtype)
    index = torch.randint(0, rows, [count], dtype=torch.int64, device=device)
    index[0] = rows - 1
    index[-1] = 0
    return (x, index)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    # A copy: every element must be exact (compared in float64, which holds int32 and every float exactly).
    ref = [t.double() for t in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]
    new = [t.double() for t in (outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new])]
    return check_precision(ref, new, 0.0, 0.0)
