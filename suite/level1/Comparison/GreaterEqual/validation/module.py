import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: x1 >= x2 (exact in every dtype)."""

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        return torch.ge(x1.float(), x2.float())


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.greater_equal(x1, x2)
