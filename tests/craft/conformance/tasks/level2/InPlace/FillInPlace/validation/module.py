import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """Every element of y becomes value, in y's dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, y: torch.Tensor, value: float) -> torch.Tensor:
        return torch.full_like(y, value)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, y: torch.Tensor, value: float) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.fill_in_place(y, value)
