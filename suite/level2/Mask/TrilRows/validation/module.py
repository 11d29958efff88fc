import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: torch.tril over the last two dimensions."""

    def forward(self, x: torch.Tensor, diagonal: int) -> torch.Tensor:
        return torch.tril(x, diagonal)


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, x: torch.Tensor, diagonal: int) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.tril_rows(x, diagonal)
