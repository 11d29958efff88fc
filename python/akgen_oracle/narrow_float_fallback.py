"""float16/bfloat16 ops this CPU torch lacks, computed in float32 and rounded once, op by op.

Debian's torch 1.13 has no CPU kernel for some float16/bfloat16 ops (rsqrt, gelu, sqrt, ...) that
the NPU and newer CPU torch compute by widening to float32 internally and rounding the result. Task
code that calls one of them outside Model (`get_inputs` making inputs, `ModelNew` preparing an
argument) fails here only because of this torch. Inside `NarrowFloatFallback()`, any op that raises
"not implemented for 'Half'" (or 'BFloat16') is rerun on float32 copies of its narrow float tensors
and its float32 results are rounded back; an in-place op or an `out=` argument gets the rounded
values. `used` names the ops that needed it.
"""
import torch
from torch.overrides import TorchFunctionMode
from torch.utils._pytree import tree_map

_NARROW = {"'Half'": torch.float16, "'BFloat16'": torch.bfloat16}


def missing_narrow_dtype(error):
    """float16 or bfloat16 when `error` (an exception or its message) says this torch has no kernel of
    that dtype, else None."""
    message = str(error)
    return next((dtype for name, dtype in _NARROW.items() if f"not implemented for {name}" in message), None)


class NarrowFloatFallback(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.used = set()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        try:
            return func(*args, **kwargs)
        except RuntimeError as error:
            narrow = missing_narrow_dtype(error)
            if narrow is None:
                raise
        widen = lambda value: value.float() if isinstance(value, torch.Tensor) and value.dtype == narrow else value
        wide_args, wide_kwargs = tree_map(widen, args), tree_map(widen, kwargs)
        result = func(*wide_args, **wide_kwargs)
        self.used.add(getattr(func, "__name__", str(func)))
        for original, wide in [(args[0] if args else None, wide_args[0] if args else None),
                               (kwargs.get("out"), wide_kwargs.get("out"))]:
            if isinstance(original, torch.Tensor) and original is not wide and wide is result:
                return original.copy_(wide)  # an in-place op or out=: the caller's tensor holds the result
        narrow_back = lambda value: (value.to(narrow) if isinstance(value, torch.Tensor) and value.dtype == torch.float32
                                     else value)
        return tree_map(narrow_back, result)
