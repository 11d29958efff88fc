#!/usr/bin/env python3
"""Compares output/output_z.bin with output/golden.bin (float16, rtol = atol = 1e-3)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import read_bin, verify  # noqa: E402

if __name__ == "__main__":
    output = read_bin(__file__, "output/output_z.bin", np.float16)
    golden = read_bin(__file__, "output/golden.bin", np.float16)
    sys.exit(verify("z = x + y", output, golden, rtol=1e-3, atol=1e-3))
