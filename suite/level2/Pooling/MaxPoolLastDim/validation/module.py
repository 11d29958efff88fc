import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """Max pooling over the last dimension, kernel = stride = kernel_size, no padding."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, kernel_size: int) -> torch.Tensor:
        # float16 goes through float32, which holds every float16 value: the maximum is unchanged.
        source = x.float() if x.is_floating_point() else x
        windows = source.reshape(*x.shape[:-1], x.shape[-1] // kernel_size, kernel_size)
        return windows.amax(-1).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, kernel_size: int) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.max_pool_last_dim(x, kernel_size)
