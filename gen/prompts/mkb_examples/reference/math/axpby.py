import torch
import torch.nn as nn


class Model(nn.Module):
    """A scaled sum of two tensors: a * x + b * y."""

    def __init__(self, a, b):
        super().__init__()
        self.a = a
        self.b = b

    def forward(self, x, y):
        return self.a * x + self.b * y


rows = 32
width = 3000


def get_inputs():
    return [torch.rand(rows, width), torch.rand(rows, width)]


def get_init_inputs():
    return [2.0, -0.5]
