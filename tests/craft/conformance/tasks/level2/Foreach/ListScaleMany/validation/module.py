from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    """out[i] = x[i] * scale, in float32, rounded once to the input dtype."""

    def forward(self, x: List[torch.Tensor], scale: float) -> List[torch.Tensor]:
        return [(t.float() * scale).to(t.dtype) for t in x]


class ModelNew(nn.Module):
    def forward(self, x: List[torch.Tensor], scale: float) -> List[torch.Tensor]:
        import kernel_gen_ops
        return kernel_gen_ops.list_scale_many(x, scale)
