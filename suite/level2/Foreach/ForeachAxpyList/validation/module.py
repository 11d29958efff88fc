from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: x[i] + alpha * y[i] computed in float32, rounded once to the input dtype."""

    def forward(self, x: List[torch.Tensor], y: List[torch.Tensor], alpha: float) -> List[torch.Tensor]:
        return [(a.float() + alpha * b.float()).to(a.dtype) for a, b in zip(x, y)]


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, x: List[torch.Tensor], y: List[torch.Tensor], alpha: float) -> List[torch.Tensor]:
        import kernel_gen_ops
        return kernel_gen_ops.foreach_axpy_list(x, y, alpha)
