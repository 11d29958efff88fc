import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """mHC post: y = h_res^T x + h_post (x) h_out per token, in float32, rounded once to x's dtype."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, h_res: torch.Tensor, h_out: torch.Tensor,
                h_post: torch.Tensor) -> torch.Tensor:
        mixed = torch.einsum("tij,tid->tjd", h_res.float(), x.float())
        return (mixed + h_post.float().unsqueeze(-1) * h_out.float().unsqueeze(-2)).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, h_res: torch.Tensor, h_out: torch.Tensor,
                h_post: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.mhc_post(x, h_res, h_out, h_post)
