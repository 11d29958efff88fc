import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: elementwise maximum (exact in every dtype)."""

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        return torch.maximum(x1.float(), x2.float()).to(x1.dtype)


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.maximum(x1, x2)
