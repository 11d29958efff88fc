import torch
from framework.utils import check_precision

# Every row holds pairwise distinct values, so the top k and their indices are unique: both outputs
# must equal the reference exactly. The values are drawn from the float16 numbers whose bit
# patterns lie in [0x2000, 0x5000) (2^-7 <= |v| < 32) and their negatives, 24576 in all; float32
# rows are the same values times a random per-row factor in [1, 2), which keeps them distinct.
POOL = torch.arange(0x2000, 0x5000, dtype=torch.int16).view(torch.float16)
POOL = torch.cat([POOL, -POOL])


def get_inputs(param, device=None):
    shape = [int(d) for d in eval(param.get("shape", "[1, 32]"))]
    dtype = getattr(torch, param.get("dtype", "float32"))
    k = int(param.get("k", 1))
    largest = str(param.get("largest", "True")).strip().lower() in ("true", "1")
    length = shape[-1]
    if length > POOL.numel():
        raise ValueError(f"rows of {length} values cannot be pairwise distinct float16 numbers from the pool")
    rows = 1
    for d in shape[:-1]:
        rows *= d
    picks = torch.stack([torch.randperm(POOL.numel())[:length] for _ in range(rows)])
    x = POOL[picks].float()
    if dtype == torch.float32:
        x = x * (1.0 + torch.rand([rows, 1]))
    x = x.reshape(shape).to(dtype)
    if device is not None:
        x = x.to(device)
    return (x, k, largest)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    # Exact: values bit for bit (as float64), indices as integers.
    ref = [t.double() for t in outputs]
    new = [t.double() for t in outputs_new]
    return check_precision(ref, new, 0.0, 0.0)
