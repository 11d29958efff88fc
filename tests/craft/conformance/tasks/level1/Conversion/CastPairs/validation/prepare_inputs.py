import torch
from framework.utils import check_precision

# Values at the edges of every conversion: halves (ties to even), fractions either side of zero
# (toward zero), the i8/u8/i16 limits and just past them, integers f16 holds exactly and the first
# it does not, f16's largest finite value, tiny values, infinities and NaN. Nothing beyond f16's
# range, where the vector unit saturates and torch gives an infinity.
EDGES = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.7, 127.0, 127.9, -128.0, -128.9, 128.0, -129.0,
         255.0, 255.5, 256.0, 300.7, -300.7, 2047.0, 2049.0, -2049.0, 4097.0, 32767.0, 32767.5, 32768.0, -32768.0,
         -32769.0, 40000.0, 40001.0, -40017.0, 65504.0, -65504.0, 1e-3, 3.3e-5, 6e-8, float('inf'), float('-inf'),
         float('nan')]


def convert(values, dtype):
    """The input in the case's dtype: toward zero and saturated for integers, nonzero for bool."""
    if dtype == torch.bool:
        return values.nan_to_num(nan=1.0) != 0
    if dtype.is_floating_point:
        return values.to(dtype)
    info = torch.iinfo(dtype)
    # Infinities become +-2^31: int32's limits after the clamp, plain values for int64.
    v = values.double().trunc().nan_to_num(nan=0.0, posinf=2.0**31, neginf=-2.0**31)
    return v.clamp(info.min, info.max).to(dtype)


def get_inputs(param, device=None):
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    count = 1
    for d in shape:
        count *= d
    spread = torch.cat([torch.randn(count) * 3.0, (torch.rand(count) - 0.5) * 131008.0])
    values = torch.cat([torch.tensor(EDGES), spread[torch.randperm(spread.numel())]])[:count]
    return (convert(values.reshape(shape), dtype).to(device),)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Bit for bit, NaN matching NaN and each infinity itself."""
    def finite(t):
        return t.double().nan_to_num(nan=0.125, posinf=1e300, neginf=-1e300)
    return check_precision([finite(t) for t in outputs], [finite(t) for t in outputs_new], 0.0, 0.0)
