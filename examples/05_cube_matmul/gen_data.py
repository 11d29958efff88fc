#!/usr/bin/env python3
"""Inputs and golden of example 05: A [128, 256] and B [256, 192] ~ U(-1, 1) rounded to float16;
golden C = A @ B computed in float64 from the float16 values, stored as float32."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import write_bins  # noqa: E402

M, N, K = 128, 192, 256


def main():
    rng = np.random.default_rng(2028)
    a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
    b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    write_bins(__file__, "input", {"input_a.bin": a, "input_b.bin": b})
    write_bins(__file__, "output", {"golden_c.bin": c})


if __name__ == "__main__":
    main()
