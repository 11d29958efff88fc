import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, a, b):
        super().__init__()
        self.a = a
        self.b = b

    def forward(self, x, y):
        return custom_ops_lib.axpby_custom(x, y, self.a, self.b)
