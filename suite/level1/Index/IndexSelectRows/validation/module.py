import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: rows of x picked by index (torch.index_select along dim 0)."""

    def forward(self, x: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        return torch.index_select(x, 0, index)


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, x: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.index_select_rows(x, index)
