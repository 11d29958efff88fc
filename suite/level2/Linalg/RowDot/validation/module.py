import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """Row-wise dot product over the last dimension, in float32, cast back to the input dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return (a.float() * b.float()).sum(-1).to(a.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.row_dot(a, b)
