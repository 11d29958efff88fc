import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        return x * y


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        import kernel_gen_ops
        return kernel_gen_ops.complex_mul(x, y)
