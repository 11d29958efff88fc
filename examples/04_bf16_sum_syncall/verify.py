#!/usr/bin/env python3
"""Checks the float total (rtol 1e-5: only the summation order differs from numpy's) and the
bfloat16 total (within one bfloat16 step, 2^-8 relative)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import bf16_bits_to_float, compare, finish, read_bin  # noqa: E402

if __name__ == "__main__":
    total = read_bin(__file__, "output/output_total.bin", np.float32)
    golden = read_bin(__file__, "output/golden_total.bin", np.float32)
    passed = compare("sum(x) as float", total, golden, rtol=1e-5, atol=0)
    total_bf16 = bf16_bits_to_float(read_bin(__file__, "output/output_total_bf16.bin", np.uint16))
    golden_bf16 = bf16_bits_to_float(read_bin(__file__, "output/golden_total_bf16.bin", np.uint16))
    passed &= compare("sum(x) as bfloat16", total_bf16, golden_bf16, rtol=2.0**-8, atol=0)
    sys.exit(finish(passed))
