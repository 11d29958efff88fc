import math

import torch
import torch.nn as nn
import torch_npu


class Model(nn.Module):
    """One torch.optim.Adam step (single-tensor form, no weight decay, no AMSGrad) in float32;
    param_out is cast back to param's dtype, the moments stay float32."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, lr: float,
                beta1: float, beta2: float, eps: float, step: int):
        p = param.float()
        g = grad.float()
        m_out = m.mul(beta1).add(g, alpha=1 - beta1)
        v_out = v.mul(beta2).addcmul(g, g, value=1 - beta2)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr / bias_correction1
        denom = (v_out.sqrt() / math.sqrt(bias_correction2)).add(eps)
        p_out = p.addcdiv(m_out, denom, value=-step_size)
        return p_out.to(param.dtype), m_out, v_out


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, lr: float,
                beta1: float, beta2: float, eps: float, step: int):
        import kernel_gen_ops
        return kernel_gen_ops.adam_step(param, grad, m, v, lr, beta1, beta2, eps, step)
