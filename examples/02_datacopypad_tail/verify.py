#!/usr/bin/env python3
"""Compares output/output_y.bin with output/golden.bin (float32, rtol = atol = 1e-5)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import read_bin, verify  # noqa: E402

if __name__ == "__main__":
    output = read_bin(__file__, "output/output_y.bin", np.float32)
    golden = read_bin(__file__, "output/golden.bin", np.float32)
    sys.exit(verify("y = relu(x) * 2 + 1", output, golden, rtol=1e-5, atol=1e-5))
