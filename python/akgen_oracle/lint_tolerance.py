"""Whether a task's precision check is looser than its output dtype needs.

A bound is too loose when a kernel computing in a narrower format would pass: float32 results
carried at float16 precision, float16 ones at bfloat16 precision, bfloat16 ones at float8 (e4m3)
precision. A result's precision is its dtype's, but no more than its input data's. The probe makes exactly that error, the narrower format's unit roundoff, in every element
of the reference's own outputs (alternating in sign) and asks the task's check, custom or default,
whether the result passes. This judges every checker family by what it accepts rather than by
reading its thresholds.
"""
import inspect
import math

import torch

from akgen_oracle import framework_utils
from akgen_oracle.value_files import flatten_outputs

# NPUKernelBench's base_config.yaml: max_abs_error and max_rel_error of the default rule.
DEFAULT_RULE_BOUND = 1e-3

# Significant bits of the float dtypes a result may carry.
_SIGNIFICANT_BITS = {torch.float64: 53, torch.complex128: 53, torch.float32: 24, torch.complex64: 24,
                     torch.float16: 11, torch.bfloat16: 8}
_FORMAT_NAME = {53: "float64", 24: "float32", 11: "float16", 8: "bfloat16"}
# A result's significant bits -> (the narrower format a cheaper kernel would compute in, its unit
# roundoff 2^-p).
_NARROWER_FORMAT = {53: ("float32", 2.0**-24), 24: ("float16", 2.0**-11), 11: ("bfloat16", 2.0**-8),
                    8: ("float8_e4m3", 2.0**-4)}


def input_precision(input_structure):
    """The significant bits of the float input tensor with the most elements (the data, not a
    scalar carried in a tensor), or None when no input is a float tensor. input_structure: the
    (dtype, shape) of every input tensor."""
    floats = [(math.prod(shape), _SIGNIFICANT_BITS[dtype]) for dtype, shape in input_structure
              if dtype in _SIGNIFICANT_BITS]
    return max(floats)[1] if floats else None


def _result_bits(dtype, input_bits):
    """A result is as precise as its dtype, but no more than its input data: a reference that widens
    float16 inputs to float32 still describes a float16 computation."""
    bits = _SIGNIFICANT_BITS[dtype]
    return bits if input_bits is None else min(bits, input_bits)


def _map_tensors(function, value):
    if isinstance(value, torch.Tensor):
        return function(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_map_tensors(function, item) for item in value)
    return value


def detached(value):
    """The outputs as a checker reads them from files: plain tensors, no autograd history."""
    return _map_tensors(lambda tensor: tensor.detach().clone(), value)


def _off_by_roundoff(tensor, input_bits):
    """tensor with every element off by the unit roundoff of the format narrower than its result's
    precision, signs alternating."""
    if tensor.dtype not in _SIGNIFICANT_BITS:
        return tensor
    roundoff = _NARROWER_FORMAT[_result_bits(tensor.dtype, input_bits)][1]
    signs = torch.ones(tensor.numel(), dtype=torch.float64)
    signs[1::2] = -1
    wide = tensor.to(torch.complex128 if tensor.is_complex() else torch.float64)
    return (wide * (1 + roundoff * signs.reshape(tensor.shape))).to(tensor.dtype)


def _probed_precisions(outputs, input_bits):
    """The precisions of the float outputs that hold a nonzero element, which the probe can move."""
    return sorted({_result_bits(t.dtype, input_bits) for t in flatten_outputs(outputs)
                   if isinstance(t, torch.Tensor) and t.dtype in _SIGNIFICANT_BITS and bool(t.ne(0).any())},
                  reverse=True)


def _default_rule(param, outputs, outputs_new):
    """NPUKernelBench's default rule over every output pair, computed in double as the harness does."""
    pairs = [(a, b) for a, b in zip(flatten_outputs(outputs), flatten_outputs(outputs_new))
             if isinstance(a, torch.Tensor)]
    as_double = [(a.to(torch.complex128 if a.is_complex() else torch.float64),
                  b.to(torch.complex128 if b.is_complex() else torch.float64)) for a, b in pairs]
    return framework_utils.check_precision([a for a, _ in as_double], [b for _, b in as_double],
                                           DEFAULT_RULE_BOUND, DEFAULT_RULE_BOUND)


class PrecisionCheck:
    """The check a task's cases are judged by: its custom_check_precision, else the default rule."""

    def __init__(self, scripts, inputs_path):
        self.scripts = scripts
        self.custom = scripts.custom_check_precision
        self.inputs_path = inputs_path  # the file defining custom_check_precision (or that should)
        if self.custom is not None:
            self.name = "custom_check_precision"
            self.line = inspect.getsourcelines(self.custom)[1]
        else:
            self.name = f"the default rule (abs and rel error above {DEFAULT_RULE_BOUND:g})"
            self.line = 0

    def passes(self, row, golden, candidate):
        check = self.custom or _default_rule
        verdict = self.scripts.call("custom_check_precision", lambda: check(row, detached(golden), candidate))
        return bool(verdict[0])


def probe_tolerance(check, row, golden, input_structure):
    """Findings (dicts) about `check` on one case whose reference outputs are `golden`."""
    where = {"file": check.inputs_path, "line": check.line}
    if not check.passes(row, golden, detached(golden)):
        return [dict(where, message=f"{check.name} fails the reference's outputs compared with themselves",
                     fix="make the check pass identical outputs (non-finite reference values fail every check)")]
    input_bits = input_precision(input_structure)
    precisions = _probed_precisions(golden, input_bits)
    off = _map_tensors(lambda tensor: _off_by_roundoff(tensor, input_bits), detached(golden))
    if not precisions or not check.passes(row, golden, off):
        return []
    formats = ", ".join(f"{_FORMAT_NAME[bits]} results at {_NARROWER_FORMAT[bits][0]} precision "
                        f"(relative error {_NARROWER_FORMAT[bits][1]:.2g})" for bits in precisions)
    bounds = " and ".join(f"{_FORMAT_NAME[bits]} below {_NARROWER_FORMAT[bits][1]:.2g}" for bits in precisions)
    fix = (f"tighten the bound for {bounds}" if check.custom is not None
           else f"define custom_check_precision in {check.scripts.inputs_file} with a bound for {bounds}")
    return [dict(where, message=f"{check.name} passes results computed in a narrower format: {formats}", fix=fix)]
