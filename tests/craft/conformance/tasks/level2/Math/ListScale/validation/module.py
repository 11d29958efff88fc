import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x: torch.Tensor, factors: list, dims: list):
        y = (x.float() * math.prod(factors) + dims[-1]).to(x.dtype)
        z = torch.full([math.prod(dims)], float(len(dims)), dtype=torch.float32)
        return [y, z]


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor, factors: list, dims: list):
        import kernel_gen_ops
        return list(kernel_gen_ops.list_scale(x, factors, dims))
