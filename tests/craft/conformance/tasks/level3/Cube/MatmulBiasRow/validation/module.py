import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """y = x @ w + bias, summed in float32 and rounded once to x's dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return (torch.matmul(x.float(), w.float()) + bias).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.matmul_bias_row(x, w, bias)
