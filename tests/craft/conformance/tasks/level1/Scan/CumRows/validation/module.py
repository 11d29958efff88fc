import torch
import torch.nn as nn


def running(x, step):
    """Left to right along the last dimension, every step in x's dtype (torch rounds each op once)."""
    out = torch.empty_like(x)
    acc = x[..., 0].clone()
    out[..., 0] = acc
    for c in range(1, x.shape[-1]):
        acc = step(acc, x[..., c])
        out[..., c] = acc
    return out


class Model(nn.Module):
    def forward(self, x: torch.Tensor):
        return [running(x, torch.add), running(x, torch.mul)]


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor):
        import kernel_gen_ops
        return list(kernel_gen_ops.cum_rows(x))
