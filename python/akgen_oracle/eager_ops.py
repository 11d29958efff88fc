"""The aten ops Model.forward runs, as the modelled PyTorch-eager baseline costs them.

Every op that would launch a kernel on the NPU is listed with the bytes of its tensor inputs and
outputs (what it moves through HBM), the bytes its vector units process (its largest operand) and,
for matrix multiplications and convolutions, its multiply-add work for the cube in FLOPs. The
harness costs each op at launch overhead plus its roofline time (ascendc_sim::RooflineMicroseconds)
and sums them. View and allocation ops (view, reshape, expand, t, as_strided, detach, empty...)
change metadata only: they are no launches and are not listed.

The ops are recorded with a TorchDispatchMode rather than torch.profiler: the profiler of Debian's
torch 1.13 gives input shapes but no dtypes and no outputs, and it lists composite ops (linear, to)
nested above the kernels they decompose into. The dispatch mode sees exactly the ops that reach a
backend kernel, with their real input and output tensors.
"""
import math

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from akgen_oracle.value_files import nested_tensors

# Ops that only allocate: no kernel runs, no byte moves.
_ALLOCATION_OPS = frozenset({"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided"})


def _mm_flops(args):
    """mm(a, b), bmm(a, b): 2·M·K·N per batch = 2 · a's elements · N."""
    return 2 * args[0].numel() * args[1].shape[-1]


def _addmm_flops(args):
    """addmm(c, a, b), baddbmm and addbmm: the product a·b."""
    return _mm_flops(args[1:])


def _convolution_flops(args, output):
    """convolution(input, weight, ...): each output element (each input element when transposed)
    takes weight.shape[1] channels times the kernel's window of multiply-adds."""
    weight, transposed = args[1], args[6]
    per_element = weight.shape[1] * math.prod(weight.shape[2:])
    return 2 * (args[0] if transposed else output).numel() * per_element


_CUBE_FLOPS = {
    "mm": lambda args, output: _mm_flops(args),
    "bmm": lambda args, output: _mm_flops(args),
    "addmm": lambda args, output: _addmm_flops(args),
    "baddbmm": lambda args, output: _addmm_flops(args),
    "addbmm": lambda args, output: _addmm_flops(args),
    "mv": lambda args, output: 2 * args[0].numel(),
    "addmv": lambda args, output: 2 * args[1].numel(),
    "dot": lambda args, output: 2 * args[0].numel(),
    "convolution": _convolution_flops,
    "_convolution": _convolution_flops,
}


def _is_metadata_only(func):
    """Views (every return aliases an input without writing it) and bare allocations."""
    returns = func._schema.returns
    views = bool(returns) and all(r.alias_info is not None and not r.alias_info.is_write for r in returns)
    return views or func.overloadpacket.__name__ in _ALLOCATION_OPS


def _stored_elements(tensor):
    """Elements a kernel reads or writes: a broadcast (stride 0) dimension is read once."""
    return math.prod(size for size, stride in zip(tensor.shape, tensor.stride()) if stride != 0)


class EagerOpRecorder(TorchDispatchMode):
    """Within `with recorder:` every aten op that runs is appended to recorder.ops as
    {"op", "gm_bytes", "vector_bytes", "cube_flops"}. element_size(tensor) gives a tensor's bytes per
    element (default: its own)."""

    def __init__(self, element_size=None):
        super().__init__()
        self.ops = []
        self._element_size = element_size or (lambda tensor: tensor.element_size())

    def _bytes(self, tensor):
        return _stored_elements(tensor) * self._element_size(tensor)

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        output = func(*args, **kwargs)
        if not _is_metadata_only(func):
            self.ops.append(self._describe(func, args, kwargs, output))
        return output

    def _describe(self, func, args, kwargs, output):
        schema = func._schema.arguments
        given = list(zip(schema, args)) + [(a, kwargs[a.name]) for a in schema if a.name in kwargs]
        # An `out=` argument is only written; a written positional argument (add_'s self) is read too.
        write_only = [a.alias_info is not None and a.alias_info.is_write and a.kwarg_only for a, _ in given]
        read = [t for (a, value), out in zip(given, write_only) if not out for t in nested_tensors(value)]
        written = nested_tensors(output)
        if not written:  # in-place ops that return nothing (_foreach_add_) write their mutable arguments
            written = [t for a, value in given if a.alias_info is not None and a.alias_info.is_write
                       for t in nested_tensors(value)]
        operand_bytes = [self._bytes(t) for t in read + written]
        name = func.overloadpacket.__name__
        cube = _CUBE_FLOPS.get(name)
        return {
            "op": func._schema.name,
            "gm_bytes": sum(operand_bytes),
            "vector_bytes": 0 if cube else max(operand_bytes, default=0),
            "cube_flops": cube(args, output) if cube else 0,
        }
