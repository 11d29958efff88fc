import torch
import torch.nn as nn


class Model(nn.Module):
    """The sum of two tensors of the same shape."""

    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        return x + y


rows = 16
width = 5000


def get_inputs():
    return [torch.rand(rows, width), torch.rand(rows, width)]


def get_init_inputs():
    return []
