#!/usr/bin/env python3
"""Input and golden of example 04: x ~ U(0, 1) rounded to bfloat16 (8 x 8192 elements, stored as
uint16 bits); golden total = sum(x) as float32 and rounded to bfloat16."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import bf16_bits_to_float, float_to_bf16_bits, write_bins  # noqa: E402

TOTAL_LENGTH = 8 * 8192


def main():
    rng = np.random.default_rng(2027)
    x_bits = float_to_bf16_bits(rng.uniform(0, 1, TOTAL_LENGTH).astype(np.float32))
    total = np.array([bf16_bits_to_float(x_bits).astype(np.float64).sum()], dtype=np.float32)
    write_bins(__file__, "input", {"input_x.bin": x_bits})
    write_bins(__file__, "output", {"golden_total.bin": total, "golden_total_bf16.bin": float_to_bf16_bits(total)})


if __name__ == "__main__":
    main()
