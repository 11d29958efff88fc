"""Writes Python values (tensors, tensor lists, scalars) to raw files plus manifest entries, and back.

A tensor is stored as its contiguous elements in little-endian byte order; bfloat16 keeps its raw
16-bit patterns. Manifest entries, in order, are one of:
  {"name", "kind": "tensor", "dtype": "float16", "shape": [..], "file": "input0.bin"}
  {"name", "kind": "tensor", "dtype": "float16", "shape": [..]}     (timing-only: no contents)
  {.. "kind": "tensor", "layout": "sparse_coo", ..}  a sparse COO tensor, stored dense (CoalesceSparse's
                                                     input; read back as a coalesced sparse tensor)
  {"name", "kind": "tensor_list", "items": [tensor entries]}
  {"name", "kind": "scalar", "dtype": "bool" | "int64" | "float64", "value": ..}
  {"name", "kind": "scalar_list", "dtype": ..., "values": [..]}
  {"name", "kind": "string", "value": ".."}
  {"name", "kind": "none"}
Non-finite floats are written as the strings "nan", "inf" and "-inf" so the JSON stays standard.
"""
import math
import os
import sys

import numpy
import torch

_TORCH_DTYPES = {str(t).removeprefix("torch."): t for t in (
    torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128,
    torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.bool)}


class UnstorableValue(Exception):
    """A value the manifest cannot describe; the message names it."""


def torch_dtype_name(dtype):
    name = str(dtype).removeprefix("torch.")
    if name not in _TORCH_DTYPES:
        raise UnstorableValue(f"tensor dtype {name} is not supported (supported: {', '.join(_TORCH_DTYPES)})")
    return name


def json_float(value):
    if math.isfinite(value):
        return value
    return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")


def _tensor_bytes(tensor):
    flat = tensor.detach().cpu().contiguous()
    if flat.dtype == torch.bfloat16:
        flat = flat.view(torch.int16)  # numpy has no bfloat16; the bit patterns are what matter
    data = flat.numpy()
    if sys.byteorder != "little":
        data = data.byteswap()
    return data.tobytes()


# Timing-only manifests still keep the contents of small tensors that have values (shape and index
# tensors steer tiling and control flow); large and meta tensors are described by dtype and shape.
TIMING_ONLY_KEPT_BYTES = 64 * 1024


def _keeps_contents(tensor, timing_only):
    return not timing_only or (not tensor.is_meta and tensor.numel() * tensor.element_size() <= TIMING_ONLY_KEPT_BYTES)


def _write_tensor(name, tensor, directory, timing_only):
    entry = {"name": name, "kind": "tensor", "dtype": torch_dtype_name(tensor.dtype), "shape": list(tensor.shape)}
    if tensor.layout == torch.sparse_coo:
        entry["layout"] = "sparse_coo"
        tensor = tensor.to_dense()
    if _keeps_contents(tensor, timing_only):
        entry["file"] = f"{name}.bin"
        with open(os.path.join(directory, entry["file"]), "wb") as out:
            out.write(_tensor_bytes(tensor))
    return entry


def _scalar_entry(value):
    if isinstance(value, (bool, numpy.bool_)):
        return "bool", bool(value)
    if isinstance(value, (int, numpy.integer)):
        return "int64", int(value)
    if isinstance(value, (float, numpy.floating)):
        return "float64", json_float(float(value))
    return None


def encode_value(name, value, directory, timing_only=False):
    """Writes `value` under `name` into `directory` and returns its manifest entry; `timing_only`
    stores only small tensors' contents (TIMING_ONLY_KEPT_BYTES)."""
    if isinstance(value, torch.Tensor):
        return _write_tensor(name, value, directory, timing_only)
    scalar = _scalar_entry(value)
    if scalar is not None:
        return {"name": name, "kind": "scalar", "dtype": scalar[0], "value": scalar[1]}
    if value is None:
        return {"name": name, "kind": "none"}
    if isinstance(value, str):
        return {"name": name, "kind": "string", "value": value}
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, torch.Tensor) for v in value):
        items = [_write_tensor(f"{name}_{i}", t, directory, timing_only) for i, t in enumerate(value)]
        return {"name": name, "kind": "tensor_list", "items": items}
    if isinstance(value, (list, tuple)):
        scalars = [_scalar_entry(v) for v in value]
        if all(s is not None for s in scalars):
            dtypes = {s[0] for s in scalars}
            dtype = "float64" if "float64" in dtypes else (dtypes.pop() if len(dtypes) == 1 else "int64")
            return {"name": name, "kind": "scalar_list", "dtype": dtype, "values": [s[1] for s in scalars]}
    raise UnstorableValue(f"{name}: cannot store a value of type {type(value).__name__}")


def _read_tensor(entry, directory):
    dtype = _TORCH_DTYPES[entry["dtype"]]
    with open(os.path.join(directory, entry["file"]), "rb") as source:
        data = bytearray(source.read())
    tensor = torch.frombuffer(data, dtype=dtype).reshape(entry["shape"]) if data else torch.empty(entry["shape"], dtype=dtype)
    return tensor.to_sparse() if entry.get("layout") == "sparse_coo" else tensor


def decode_value(entry, directory):
    """The Python value a manifest entry describes (tensors on the CPU)."""
    kind = entry["kind"]
    if kind == "tensor":
        return _read_tensor(entry, directory)
    if kind == "tensor_list":
        return [_read_tensor(item, directory) for item in entry["items"]]
    if kind == "scalar":
        return float(entry["value"]) if entry["dtype"] == "float64" else entry["value"]  # float("nan") reads "nan"
    if kind == "scalar_list":
        return [float(v) if entry["dtype"] == "float64" else v for v in entry["values"]]
    if kind == "string":
        return entry["value"]
    return None


def nested_tensors(value):
    """The tensors in a value, in order, however deep in lists and tuples."""
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [tensor for item in value for tensor in nested_tensors(item)]
    return []


def output_structure(output):
    """("single" | "tuple" | "list", values): a tuple or list return value counts element by element."""
    if isinstance(output, (tuple, list)):
        return ("tuple" if isinstance(output, tuple) else "list"), list(output)
    return "single", [output]


def flatten_outputs(output):
    return output_structure(output)[1]


def encode_outputs(output, directory, timing_only=False):
    """(structure, entries), one entry per returned value."""
    structure, values = output_structure(output)
    return structure, [encode_value(f"output{i}", v, directory, timing_only) for i, v in enumerate(values)]


def decode_outputs(structure, entries, directory):
    values = [decode_value(entry, directory) for entry in entries]
    if structure == "tuple":
        return tuple(values)
    if structure == "list":
        return values
    return values[0]
