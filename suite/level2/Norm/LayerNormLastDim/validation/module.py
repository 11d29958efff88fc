import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """LayerNorm over the last dimension, computed in float32 and cast back to the input dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, epsilon: float) -> torch.Tensor:
        x32 = x.float()
        mean = x32.mean(-1, keepdim=True)
        variance = (x32 - mean).pow(2).mean(-1, keepdim=True)
        return ((x32 - mean) * torch.rsqrt(variance + epsilon) * gamma.float() + beta.float()).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, epsilon: float) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.layer_norm_last_dim(x, gamma, beta, epsilon)
