from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: clamp_min of each tensor against the float32 bound, computed in float32 and
    rounded once to the tensor's dtype."""

    def forward(self, xs: List[torch.Tensor], scalar: torch.Tensor) -> List[torch.Tensor]:
        return [torch.clamp_min(x.float(), scalar.float()).to(x.dtype) for x in xs]


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def forward(self, xs: List[torch.Tensor], scalar: torch.Tensor) -> List[torch.Tensor]:
        import kernel_gen_ops
        return kernel_gen_ops.foreach_clamp_min_scalar(xs, scalar)
