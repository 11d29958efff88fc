import torch
import torch.nn as nn


class Model(nn.Module):
    """Mean absolute difference of two tensors, and whether each row's is below a threshold."""

    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        per_row = torch.mean(torch.abs(predictions - targets), dim=1)
        return torch.mean(per_row), per_row < 0.3


batch = 16
features = 256


def get_inputs():
    return [torch.rand(batch, features), torch.rand(batch, features)]


def get_init_inputs():
    return []
