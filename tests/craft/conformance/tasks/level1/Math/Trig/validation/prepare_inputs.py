import torch


def get_inputs(param, device=None):
    """x: normal values at three scales (1, 30, 2000), exact zeros, both infinities and NaN;
    w: uniform in [-1.1, 1.1] with exact -1, 0 and 1."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    scale = torch.tensor([1.0, 30.0, 2000.0])[torch.randint(0, 3, shape)]
    x = torch.randn(shape) * scale
    pick = torch.rand(shape)
    x = torch.where(pick < 0.01, torch.zeros(shape), x)
    x = torch.where((pick >= 0.01) & (pick < 0.015), torch.full(shape, float('inf')), x)
    x = torch.where((pick >= 0.015) & (pick < 0.02), torch.full(shape, float('-inf')), x)
    x = torch.where((pick >= 0.02) & (pick < 0.025), torch.full(shape, float('nan')), x)
    w = torch.rand(shape) * 2.2 - 1.1
    w = torch.where(pick < 0.01, torch.full(shape, -1.0), w)
    w = torch.where((pick >= 0.01) & (pick < 0.02), torch.zeros(shape), w)
    w = torch.where((pick >= 0.02) & (pick < 0.03), torch.ones(shape), w)
    return (x.to(dtype).to(device), w.to(dtype).to(device))


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Within 2e-6 + 2e-6 |y| (tan: 2e-6 + 2e-5 |y|) in f32, the dtype's own tolerance otherwise;
    NaN exactly where torch gives NaN."""
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for k, (a, b) in enumerate(zip(outputs, outputs_new)):
        a, b = a.cpu().float(), b.cpu().float()
        if param.get('dtype', 'float32') == 'float32':
            rtol = 2e-5 if k == 2 else 2e-6
            atol = 2e-6
        else:
            rtol, atol = 1e-2, 1e-3
        near = torch.isclose(b, a, rtol=rtol, atol=atol) | (torch.isnan(a) & torch.isnan(b))
        ok = ok and bool(near.all())
        diffs.append((~near).double().reshape(-1))
    mismatch = torch.cat(diffs)
    return (1 if ok else 0), mismatch, mismatch
