import torch
import torch.nn as nn


class Model(nn.Module):
    """x doubled; alpha should scale it but is ignored."""

    def forward(self, x: torch.Tensor, alpha: float) -> torch.Tensor:
        return x * 2


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor, alpha: float) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.axpy_alpha_ignored(x)
