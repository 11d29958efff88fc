import torch
import torch.nn as nn


class Model(nn.Module):
    """sigmoid computed in float32 and rounded once."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(x.float()).to(x.dtype)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.sigmoid_loose_check(x)
