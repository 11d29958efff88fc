#!/usr/bin/env bash
# MultiKernelBench's anti-hack scan (python/akgen_oracle/mkb_cheating.py) on model_src snippets: what
# its rule flags (torch compute, functional calls, compute methods, computing nn layers, arithmetic,
# range loops over tensors, reached through helpers and submodules) and what it leaves alone
# (allocation, views, the kernel call — a binding module or a direct-launch answer's own module —,
# code forward never reaches).
set -euo pipefail
PYTHONPATH=$1 python3 - <<'PYTHON'
from akgen_oracle.mkb_cheating import scan

HEADER = "import torch\nimport torch.nn.functional as F\nimport custom_ops_lib\n"
cases = {
    "clean": ("""
class ModelNew(torch.nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        return custom_ops_lib.op(x.contiguous().view(-1), y).reshape(x.shape)
    def unused(self, x):
        return torch.relu(x) * 2
""", []),
    "torch call": ("""
class ModelNew(torch.nn.Module):
    def forward(self, x):
        return custom_ops_lib.op(torch.sigmoid(x))
""", ["line 7: torch.sigmoid() computes in torch"]),
    "functional through a helper": ("""
def prepare(x):
    return F.softmax(x, dim=1)
class ModelNew(torch.nn.Module):
    def forward(self, x):
        return custom_ops_lib.op(prepare(x))
""", ["line 6: F.softmax() computes in torch"]),
    "method and layer in a submodule": ("""
class Inner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.Sequential(torch.nn.LayerNorm(8))
    def forward(self, x):
        return self.norm(x).sum()
class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
    def forward(self, x):
        return custom_ops_lib.op(self.inner(x))
""", ["line 10: self.norm() runs a computing nn layer", "line 10: .sum() computes in torch"]),
    "arithmetic": ("""
class ModelNew(torch.nn.Module):
    def forward(self, x):
        return custom_ops_lib.op(x) / x.numel()
""", ["line 7: arithmetic (Div) in model code a kernel should do"]),
}
for name, (source, expected) in cases.items():
    found = scan(HEADER + source)
    if sorted(found) != sorted(expected):
        raise SystemExit(f"{name}: found {found}, expected {expected}")
loop = scan(HEADER + """
class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = custom_ops_lib.op(x)
        for i in range(4):
            out[i] = custom_ops_lib.op(out[i])
        return out
""")
if loop:
    raise SystemExit(f"a loop of kernel calls computes nothing itself: {loop}")
computing_loop = scan(HEADER + """
class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = custom_ops_lib.op(x)
        for i in range(4):
            out[i] = out[i].clamp(0, 1)
        return out
""")
if computing_loop != ["line 9: .clamp() computes in torch"]:
    raise SystemExit(f"a loop that clamps in torch: {computing_loop}")
direct_launch = scan("""import torch
import benchmark_ops as _ops
from numpy import add
class ModelNew(torch.nn.Module):
    def forward(self, a, b):
        return _ops.add(a, b), add(a, b).sum()
""")
if direct_launch != ["line 6: .sum() computes in torch"]:
    raise SystemExit(f"a direct-launch module's add is the answer's kernel, numpy's sum is not: {direct_launch}")
if scan("def broken(:\n"):
    raise SystemExit("source that does not parse is not scanned")
print("mkb_cheating: 9 snippets flagged as MultiKernelBench's rule flags them")
PYTHON
