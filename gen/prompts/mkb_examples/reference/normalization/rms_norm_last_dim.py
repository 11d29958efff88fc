import torch
import torch.nn as nn


class Model(nn.Module):
    """Root-mean-square normalisation over the last dimension, scaled by gamma."""

    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x, gamma):
        return x * torch.rsqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps) * gamma


rows = 64
hidden = 1024


def get_inputs():
    return [torch.rand(rows, hidden) * 2 - 1, torch.rand(hidden) + 0.5]


def get_init_inputs():
    return [1e-5]
