import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, lr, momentum):
        super().__init__()
        self.lr = lr
        self.momentum = momentum

    def forward(self, param, grad, velocity):
        return custom_ops_lib.sgd_momentum_custom(param, grad, velocity, self.lr, self.momentum)
