import torch


def get_inputs(param, device=None):
    """Values near +-1 (products stay in range over thousands of columns), with some exact zeros,
    small integers and signed zeros, so sums cancel and products flip sign and vanish."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1, 1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    sign = torch.where(torch.rand(shape) < 0.5, -1.0, 1.0)
    x = sign * (1.0 + 0.02 * torch.randn(shape))
    special = torch.rand(shape)
    x = torch.where(special < 0.01, torch.zeros(shape), x)
    x = torch.where((special >= 0.01) & (special < 0.02), torch.randint(-3, 4, shape).float(), x)
    x = torch.where((special >= 0.02) & (special < 0.025), torch.full(shape, -0.0), x)
    return (x.to(dtype).to(device),)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Bit for bit (NaN matches NaN, an infinity itself, -0 only -0), but for the f32 sums of rows of
    256 columns or more, which craft may add up in pieces: within (c + 1) * 3 * 2^-20 at column c."""
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for k, (a, b) in enumerate(zip(outputs, outputs_new)):
        a, b = a.cpu(), b.cpu()
        bits = torch.int16 if a.dtype == torch.float16 else torch.int32
        same = (a.view(bits) == b.view(bits)) | (torch.isnan(a) & torch.isnan(b))
        if k == 0 and a.dtype == torch.float32 and a.shape[-1] >= 256:
            bound = (torch.arange(a.shape[-1], dtype=torch.float64) + 1) * 3 * 2.0 ** -20
            same = same | ((a.double() - b.double()).abs() <= bound)
        ok = ok and a.dtype == b.dtype and bool(same.all())
        diffs.append((~same).double().reshape(-1))
    mismatch = torch.cat(diffs)
    return (1 if ok else 0), mismatch, mismatch
