"""Stands in for NPUKernelBench's `framework.utils`, which task checkers import `check_precision` from.

The rule, as NPUKernelBench documents and applies it: every output pair is compared (bool as int);
rel = abs / (|ref| + 1e-7); an element fails only if abs > max_abs_error AND rel > max_rel_error;
any non-finite value in the reference, the candidate or either difference fails the whole check.
"""
import torch


def _as_list(outputs):
    return list(outputs) if isinstance(outputs, list) else [outputs]


def check_precision(outputs, outputs_new, max_abs_error, max_rel_error):
    """Returns (1 or 0, flat absolute differences, flat relative differences)."""
    all_abs_diff, all_rel_diff = [], []
    accurate = True
    for out, out_new in zip(_as_list(outputs), _as_list(outputs_new)):
        if out_new.dtype == torch.bool:
            out, out_new = out.to(torch.int), out_new.to(torch.int)
        abs_diff = torch.abs(out - out_new)
        rel_diff = abs_diff / (torch.abs(out) + 1e-7)
        all_abs_diff.append(abs_diff.reshape(-1))
        all_rel_diff.append(rel_diff.reshape(-1))
        if not all(bool(torch.isfinite(t).all()) for t in (out, out_new, abs_diff, rel_diff)):
            accurate = False
        if bool(((abs_diff > max_abs_error) & (rel_diff > max_rel_error)).any()):
            accurate = False
    return (1 if accurate else 0), torch.cat(all_abs_diff), torch.cat(all_rel_diff)
