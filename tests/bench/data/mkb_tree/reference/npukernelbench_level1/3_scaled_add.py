import json
import os

import torch
import torch.nn as nn


class Model(nn.Module):
    """x + alpha * y."""

    def __init__(self):
        super().__init__()

    def forward(self, x, y, alpha):
        return x + alpha * y


def get_input_groups():
    path = os.path.join(os.path.dirname(__file__), "3_scaled_add.json")
    dtypes = {"float32": torch.float32, "float16": torch.float16}
    groups = []
    with open(path) as cases:
        for line in cases:
            if not line.strip():
                continue
            case = json.loads(line)
            dtype = dtypes[case["dtype"]]
            groups.append([torch.randn(case["shape"], dtype=dtype), torch.randn(case["shape"], dtype=dtype),
                           case["alpha"]])
    return groups


def get_init_inputs():
    return []
