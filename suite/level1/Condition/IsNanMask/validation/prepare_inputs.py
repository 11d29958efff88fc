import torch

# Fractions of the elements replaced by each special value. The remaining elements are ordinary
# numbers spread over several orders of magnitude.
SPECIALS = [
    (0.05, float('nan')),
    (0.03, -float('nan')),
    (0.04, float('inf')),
    (0.04, -float('inf')),
]


def get_inputs(param, device=None):
    """x ~ N(0, 1) scaled by 10^U(-3, 3), with NaN of both signs, +inf, -inf and the dtype's
    largest finite magnitude put at random positions."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))
    dtype = getattr(torch, param.get('dtype', 'float32'))
    x = torch.randn(shape, device=device) * torch.pow(10.0, torch.rand(shape, device=device) * 6.0 - 3.0)
    pick = torch.rand(shape, device=device)
    low = 0.0
    for fraction, value in SPECIALS:
        x[(pick >= low) & (pick < low + fraction)] = value
        low += fraction
    largest = torch.finfo(dtype).max
    x[(pick >= low) & (pick < low + 0.02)] = largest
    x[(pick >= low + 0.02) & (pick < low + 0.04)] = -largest
    return (x.to(dtype),)


def get_init_inputs(param, device=None):
    return []
