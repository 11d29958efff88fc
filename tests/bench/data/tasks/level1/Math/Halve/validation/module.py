# Test fixture: reference and candidate models of the fake Halve task.
import torch
import kernel_gen_ops


class Model(torch.nn.Module):
    def forward(self, x):
        return x * 0.5


class ModelNew(torch.nn.Module):
    def forward(self, x):
        return kernel_gen_ops.halve(x)
