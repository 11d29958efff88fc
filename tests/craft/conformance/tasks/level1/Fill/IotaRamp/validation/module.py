import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x: torch.Tensor, start: float):
        ramp = start + torch.arange(x.numel(), dtype=torch.float64)
        return ramp.to(x.dtype).reshape(x.shape)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor, start: float):
        import kernel_gen_ops
        return kernel_gen_ops.iota_ramp(x, start)
