#!/usr/bin/env python3
"""Inputs and golden of example 03: x ~ N(0, 3^2) float32 [64, 512], y = softmax(x) over each row."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from golden import write_bins  # noqa: E402

ROWS, COLS = 64, 512


def main():
    rng = np.random.default_rng(2026)
    x = (rng.standard_normal((ROWS, COLS)) * 3).astype(np.float32)
    shifted = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    golden = (shifted / shifted.sum(axis=1, keepdims=True)).astype(np.float32)
    write_bins(__file__, "input", {"input_x.bin": x})
    write_bins(__file__, "output", {"golden.bin": golden})


if __name__ == "__main__":
    main()
