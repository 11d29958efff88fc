import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """One SGD-with-momentum step (PyTorch's formulation) in float32; both results cast back to the input dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, param: torch.Tensor, grad: torch.Tensor, velocity: torch.Tensor, lr: float,
                momentum: float):
        velocity_out = momentum * velocity.float() + grad.float()
        # param_out uses the float32 velocity, not the rounded one: one rounding per output.
        param_out = param.float() - lr * velocity_out
        return param_out.to(param.dtype), velocity_out.to(param.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, param: torch.Tensor, grad: torch.Tensor, velocity: torch.Tensor, lr: float,
                momentum: float):
        import kernel_gen_ops
        return kernel_gen_ops.sgd_momentum(param, grad, velocity, lr, momentum)
