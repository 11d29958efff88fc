#!/usr/bin/env python3
"""Checks C against numpy's float64 product of the same float16 inputs. Every product of two
float16 values is exact in float32; only the cube's float32 sums round (256 terms per element,
|C| up to about 15), which stays well inside rtol = atol = 1e-5 (the largest error is about 3e-6)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import read_bin, verify  # noqa: E402

if __name__ == "__main__":
    c = read_bin(__file__, "output/output_c.bin", np.float32)
    golden = read_bin(__file__, "output/golden_c.bin", np.float32)
    sys.exit(verify("c = a @ b (float16 in, float32 out)", c, golden, rtol=1e-5, atol=1e-5))
