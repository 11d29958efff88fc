#!/usr/bin/env python3
"""Inputs and golden of example 02: x ~ U(-10, 10) float32 (8 x 1003 elements), y = relu(x) * 2 + 1."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import write_bins  # noqa: E402

TOTAL_LENGTH = 8 * 1003


def main():
    rng = np.random.default_rng(2025)
    x = rng.uniform(-10, 10, TOTAL_LENGTH).astype(np.float32)
    golden = (np.maximum(x, np.float32(0)) * np.float32(2) + np.float32(1)).astype(np.float32)
    write_bins(__file__, "input", {"input_x.bin": x})
    write_bins(__file__, "output", {"golden.bin": golden})


if __name__ == "__main__":
    main()
