import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x: torch.Tensor):
        return [torch.argmax(x, -1).to(torch.int32), torch.argmin(x, -1).to(torch.int32)]


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor):
        import kernel_gen_ops
        return list(kernel_gen_ops.arg_rows(x))
