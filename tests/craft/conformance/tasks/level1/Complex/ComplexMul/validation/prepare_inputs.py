import torch


def get_inputs(param, device=None):
    """Complex numbers with normal real and imaginary parts, a few of them purely real or purely
    imaginary."""
    shape = tuple(int(d) for d in eval(param.get('shape', '[1]')))

    def one():
        re = torch.randn(shape)
        im = torch.randn(shape)
        pick = torch.rand(shape)
        re = torch.where(pick < 0.05, torch.zeros(shape), re)
        im = torch.where(pick > 0.95, torch.zeros(shape), im)
        return torch.complex(re, im)

    return (one().to(device), one().to(device))


def get_init_inputs(param, device=None):
    return []
