import torch

# NPUKernelBench's GMM rule: an element fails when |out - ref| > rtol * max(1, |ref|). The int32
# sums are exact and the two float32 products can be taken in the reference's order, so a kernel
# can match bit for bit; 1/256 is the rule's float16 bound.
RTOL = 1 / 256


def get_inputs(param, device=None):
    m, k, n = int(param.get("m")), int(param.get("k")), int(param.get("n"))
    groups = int(param.get("group_count"))
    x = torch.randint(-16, 17, (m, k), dtype=torch.int8, device=device)
    weight = torch.randint(-16, 17, (groups, k, n), dtype=torch.int8, device=device)
    scale = torch.rand([groups, n], device=device) * 1e-2
    per_token_scale = torch.rand([m], device=device) + 0.5
    # Cumulative row ends: random cut points (empty groups allowed), the last one at m.
    cuts = torch.randint(0, m + 1, (groups,), dtype=torch.int64, device=device)
    cuts[-1] = m
    group_list, _ = torch.sort(cuts)
    return (x, weight, scale, per_token_scale, group_list)


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    ref = outputs.float()
    out = outputs_new.float()
    abs_diff = torch.abs(ref - out)
    tolerance = RTOL * torch.clamp(torch.abs(ref), min=1.0)
    is_pass = bool(torch.isfinite(out).all()) and not bool((abs_diff > tolerance).any())
    return (1 if is_pass else 0), abs_diff, abs_diff / (torch.abs(ref) + 1e-7)
