import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """C = A @ B + bias, accumulated in float32 and rounded once to float16."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return (torch.matmul(a.float(), b.float()) + bias.float()).to(a.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.tiled_matmul_bias(a, b, bias)
