import torch
import torch.nn as nn


class Model(nn.Module):
    """y = cat([2 b, a + b], -1) for the halves a, b of the last dim, in float32, rounded once."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a, b = x.float().chunk(2, dim=-1)
        return torch.cat([b * 2.0, a + b], dim=-1).to(x.dtype)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.halves_mix(x)
