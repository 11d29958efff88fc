#!/usr/bin/env python3
"""Inputs and golden of example 01: x, y ~ U(-100, 100) in float16, z = x + y."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import write_bins  # noqa: E402

TOTAL_LENGTH = 8 * 4096


def main():
    rng = np.random.default_rng(2024)
    x = rng.uniform(-100, 100, TOTAL_LENGTH).astype(np.float16)
    y = rng.uniform(-100, 100, TOTAL_LENGTH).astype(np.float16)
    # The vector unit adds exactly and rounds once to half, as float32 addition then rounding does.
    golden = (x.astype(np.float32) + y.astype(np.float32)).astype(np.float16)
    write_bins(__file__, "input", {"input_x.bin": x, "input_y.bin": y})
    write_bins(__file__, "output", {"golden.bin": golden})


if __name__ == "__main__":
    main()
