# Test fixture: inputs of the fake Halve task from one test_cases.csv row.
import torch


def get_inputs(param, device=None):
    shape = eval(param['shape'])
    dtype = getattr(torch, param['dtype'])
    return [torch.randn(shape, dtype=dtype, device=device)]


def get_init_inputs(param, device=None):
    return []
