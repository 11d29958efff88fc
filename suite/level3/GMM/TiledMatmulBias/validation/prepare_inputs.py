import torch

# NPUKernelBench's GMM rule: an element fails when |out - ref| > rtol * max(1, |ref|). The products
# are summed in float32 in another order than the reference's, and the result is rounded once to
# float16 (half an ulp, 1/2048 relative); 1/256 leaves room for that and for a flipped rounding.
RTOL = 1 / 256


def get_inputs(param, device=None):
    m, k, n = int(param.get("m")), int(param.get("k")), int(param.get("n"))
    dtype = getattr(torch, param.get("dtype", "float16"))
    a = torch.rand([m, k], device=device) * 2 - 1
    b = torch.rand([k, n], device=device) * 2 - 1
    bias = torch.rand([n], device=device) * 2 - 1
    return (a.to(dtype), b.to(dtype), bias.to(dtype))


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    ref = outputs.float()
    out = outputs_new.float()
    abs_diff = torch.abs(ref - out)
    tolerance = RTOL * torch.clamp(torch.abs(ref), min=1.0)
    is_pass = bool(torch.isfinite(out).all()) and not bool((abs_diff > tolerance).any())
    return (1 if is_pass else 0), abs_diff, abs_diff / (torch.abs(ref) + 1e-7)
