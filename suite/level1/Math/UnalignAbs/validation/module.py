import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: absolute value (exact in every dtype)."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.abs(x.float()).to(x.dtype)


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.unalign_abs(x)
