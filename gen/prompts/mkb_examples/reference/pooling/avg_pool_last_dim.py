import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """1-D average pooling whose windows tile the last dimension: stride = kernel_size, no padding."""

    def __init__(self, kernel_size):
        super().__init__()
        self.kernel_size = kernel_size

    def forward(self, x):
        return F.avg_pool1d(x, kernel_size=self.kernel_size, stride=self.kernel_size)


batch = 16
channels = 32
length = 1024


def get_inputs():
    return [torch.rand(batch, channels, length)]


def get_init_inputs():
    return [4]
