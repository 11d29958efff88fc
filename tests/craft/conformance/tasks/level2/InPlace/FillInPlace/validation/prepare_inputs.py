import torch


def get_inputs(param, device=None):
    shape = [int(v) for v in param.get("shape").strip("[]").split(",")]
    dtype = getattr(torch, param.get("dtype"))
    x = torch.rand(shape, device=device) * 8 - 4
    return (x.to(dtype), float(param.get("scalar")))


def get_init_inputs(param, device=None):
    return []
