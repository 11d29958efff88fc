"""Helpers shared by the examples' gen_data.py and verify.py: file locations, bfloat16 bit
conversions (numpy has no bfloat16) and the output-versus-golden comparison."""
import os

import numpy as np


def example_dir(script_file):
    """The example folder of a gen_data.py/verify.py; input/ and output/ live there."""
    return os.path.dirname(os.path.abspath(script_file))


def write_bins(script_file, folder, arrays):
    """Writes each array of `arrays` (file name -> numpy array) to <example>/<folder>/<name>."""
    path = os.path.join(example_dir(script_file), folder)
    os.makedirs(path, exist_ok=True)
    for name, array in arrays.items():
        array.tofile(os.path.join(path, name))


def read_bin(script_file, relative_path, dtype):
    return np.fromfile(os.path.join(example_dir(script_file), relative_path), dtype=dtype)


def float_to_bf16_bits(values):
    """Rounds float32 values to bfloat16 (to nearest, ties to even) and returns the uint16 bits."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def bf16_bits_to_float(bits):
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def _preview(values, count=4):
    return "[" + ", ".join(f"{float(v):.6g}" for v in values.reshape(-1)[:count]) + "]"


def compare(name, output, golden, rtol, atol):
    """Checks |output - golden| <= atol + rtol * |golden| elementwise and prints one summary line
    (first values, max error, mismatches). Returns True when every element is within tolerance."""
    output = np.asarray(output, dtype=np.float64).reshape(-1)
    golden = np.asarray(golden, dtype=np.float64).reshape(-1)
    if output.size != golden.size:
        print(f"{name}: output has {output.size} elements, golden {golden.size}")
        return False
    error = np.abs(output - golden)
    bad = ~(error <= atol + rtol * np.abs(golden))  # NaN counts as a mismatch
    print(f"{name}: {output.size} values, first {_preview(output)} (golden {_preview(golden)}), "
          f"max abs error {np.nanmax(error) if output.size else 0.0:.3g}, "
          f"{int(bad.sum())} outside rtol={rtol:g} atol={atol:g}")
    if bad.any():
        index = int(np.argmax(bad))
        print(f"first mismatch at index {index}: output {output[index]!r}, golden {golden[index]!r}")
        return False
    return True


def finish(passed):
    """Prints the samples' verdict line and returns the process exit status."""
    print("test pass" if passed else "test fail")
    return 0 if passed else 1


def verify(name, output, golden, rtol, atol):
    return finish(compare(name, output, golden, rtol, atol))
