import torch
import torch.nn as nn


class Model(nn.Module):
    """One step of SGD with momentum: returns the new parameters and the new velocity."""

    def __init__(self, lr, momentum):
        super().__init__()
        self.lr = lr
        self.momentum = momentum

    def forward(self, param, grad, velocity):
        velocity = self.momentum * velocity + grad
        return param - self.lr * velocity, velocity


rows = 256
width = 1024


def get_inputs():
    return [torch.rand(rows, width), torch.rand(rows, width) - 0.5, torch.rand(rows, width) * 0.1]


def get_init_inputs():
    return [0.01, 0.9]
