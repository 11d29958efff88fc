import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """RmsNorm over the last dimension, computed in float32 and cast back to the input dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, gamma: torch.Tensor, epsilon: float) -> torch.Tensor:
        x32 = x.float()
        rstd = torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + epsilon)
        return (x32 * rstd * gamma.float()).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, gamma: torch.Tensor, epsilon: float) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.rms_norm(x, gamma, epsilon)
