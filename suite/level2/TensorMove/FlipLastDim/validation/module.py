import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """Reverse the last dimension: torch.flip(x, [-1])."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.flip(x, [-1])


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.flip_last_dim(x)
