import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """Average pooling over the last dimension, kernel = stride = kernel_size, no padding; float32 accumulation."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, kernel_size: int) -> torch.Tensor:
        windows = x.float().reshape(*x.shape[:-1], x.shape[-1] // kernel_size, kernel_size)
        return windows.mean(-1).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, kernel_size: int) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.avg_pool_last_dim(x, kernel_size)
