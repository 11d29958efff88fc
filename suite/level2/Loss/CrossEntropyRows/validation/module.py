import torch
import torch.nn as nn
import torch.nn.functional as F
import torch_npu


class Model(nn.Module):
    """Cross-entropy of logits rows against class indices, in float32, cast back to the logits' dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, input: torch.Tensor, target: torch.Tensor, reduction: str) -> torch.Tensor:
        return F.cross_entropy(input.float(), target, reduction=reduction).to(input.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, input: torch.Tensor, target: torch.Tensor, reduction: str) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.cross_entropy_rows(input, target, reduction)
