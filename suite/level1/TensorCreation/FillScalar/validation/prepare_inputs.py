import torch


def get_inputs(param, device=None):
    """dims: the case's shape as an int64 tensor; value: the case's value as a 1-element tensor."""
    shape = [int(d) for d in eval(param.get('shape', '[1]'))]
    dtype = getattr(torch, param.get('dtype', 'float32'))
    dims = torch.tensor(shape, dtype=torch.int64, device=device)
    value = torch.tensor([float(param.get('value', 0.0))], dtype=dtype, device=device)
    return (dims, value)


def get_init_inputs(param, device=None):
    return []
