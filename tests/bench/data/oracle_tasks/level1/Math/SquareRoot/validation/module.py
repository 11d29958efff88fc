import torch
import torch_npu
from torch_npu.contrib import transfer_to_npu
import torch.nn as nn


class Model(nn.Module):
    """sqrt computed in float32 and rounded once to the input's dtype."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sqrt(x.to(torch.float32)).to(x.dtype)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.square_root(x)
