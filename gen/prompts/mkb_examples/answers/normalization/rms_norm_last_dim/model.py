import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x, gamma):
        return custom_ops_lib.rms_norm_last_dim_custom(x, gamma, self.eps)
