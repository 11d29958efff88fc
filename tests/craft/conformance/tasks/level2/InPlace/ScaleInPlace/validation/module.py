import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """x * alpha, in float32, rounded once to x's dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, alpha: float) -> torch.Tensor:
        return (x.float() * alpha).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, alpha: float) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.scale_in_place(x, alpha)
