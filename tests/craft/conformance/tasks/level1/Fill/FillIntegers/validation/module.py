import torch
import torch.nn as nn

TARGETS = [torch.int8, torch.uint8, torch.bool, torch.int16, torch.int32, torch.int64]


class Model(nn.Module):
    def forward(self, values: torch.Tensor, x: torch.Tensor):
        # torch converts between integer dtypes as static_cast does: the low bits, or != 0 for bool
        rows = values.reshape(-1, 1).expand(x.shape[0], x.shape[-1]).contiguous()
        return [rows.to(dtype).reshape(x.shape) for dtype in TARGETS]


class ModelNew(nn.Module):
    def forward(self, values: torch.Tensor, x: torch.Tensor):
        import kernel_gen_ops
        return list(kernel_gen_ops.fill_integers(values, x))
