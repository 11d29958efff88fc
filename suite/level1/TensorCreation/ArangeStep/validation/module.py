import torch
import torch.nn as nn


class Model(nn.Module):
    """CPU reference: torch.arange with the case's dtype."""

    def __init__(self, dtype: str):
        super(Model, self).__init__()
        self.dtype = getattr(torch, dtype)

    def forward(self, start: float, end: float, step: float) -> torch.Tensor:
        return torch.arange(start, end, step, dtype=self.dtype)


class ModelNew(nn.Module):
    """The custom kernel under test."""

    def __init__(self, dtype: str):
        super(ModelNew, self).__init__()
        self.dtype = dtype

    def forward(self, start: float, end: float, step: float) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.arange_step(start, end, step, self.dtype)
