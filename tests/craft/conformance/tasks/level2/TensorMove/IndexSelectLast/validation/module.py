import torch
import torch.nn as nn


class Model(nn.Module):
    """y = x.index_select(-1, index): the columns of x's last dimension at the positions in index."""

    def forward(self, x: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        return x.index_select(-1, index.long())


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.index_select_last(x, index)
