import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: torch.isnan, elementwise, as a bool tensor."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.isnan(x)


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.is_nan_mask(x)
