import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """Mean squared error with reduction 'mean', accumulated in float32; a 0-d result in the input dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, predict: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
        diff = predict.float() - label.float()
        return (diff * diff).mean().to(predict.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predict: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.mse_loss(predict, label)
