"""Random fills as the NPU computes them where CPU PyTorch refuses the dtype.

NPUKernelBench runs `get_inputs(param, device)` on the NPU. There, `torch.rand` / `torch.rand_like` /
`Tensor.uniform_` reach aclnnInplaceUniform, which accepts integer tensors and draws integers
uniformly from [from, to): `torch.rand(..., dtype=torch.int32)` is all zeros. CPU PyTorch raises
"check_uniform_bounds" not implemented for 'Int' instead. Inside `npu_random_fills()` the integer
cases are computed as the NPU does; float dtypes are untouched. `notes` says what was emulated, so
the manifest (and `akgen tasks --lint`) can tell that such inputs are constant.
"""
import contextlib
import math

import torch

_INTEGER_DTYPES = (torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64)


def _integer_uniform_(tensor, low, high, notes):
    """Integers drawn uniformly from [low, high), as aclnnInplaceUniform fills an integer tensor."""
    first, last = math.ceil(low), math.ceil(high) - 1
    notes.add(f"uniform fill of {tensor.dtype} over [{low:g}, {high:g}): integers {first}..{last}")
    if last <= first:
        return tensor.fill_(first)
    return tensor.copy_(torch.randint(first, last + 1, tensor.shape, dtype=tensor.dtype, device=tensor.device))


@contextlib.contextmanager
def npu_random_fills(notes):
    """Within the block, integer rand/rand_like/uniform_ behave as on the NPU; `notes` (a set)
    receives one line per kind of emulated call."""
    original_rand, original_rand_like, original_uniform = torch.rand, torch.rand_like, torch.Tensor.uniform_

    def rand(*size, dtype=None, **kwargs):
        if dtype not in _INTEGER_DTYPES:
            return original_rand(*size, dtype=dtype, **kwargs)
        shape = size[0] if len(size) == 1 and isinstance(size[0], (list, tuple, torch.Size)) else size
        device = kwargs.get("device")
        return _integer_uniform_(torch.empty(shape, dtype=dtype, device=device), 0.0, 1.0, notes)

    def rand_like(tensor, dtype=None, **kwargs):
        target = dtype or tensor.dtype
        if target not in _INTEGER_DTYPES:
            return original_rand_like(tensor, dtype=dtype, **kwargs)
        return _integer_uniform_(torch.empty_like(tensor, dtype=target), 0.0, 1.0, notes)

    def uniform_(tensor, low=0.0, high=1.0, **kwargs):
        if tensor.dtype not in _INTEGER_DTYPES:
            return original_uniform(tensor, low, high, **kwargs)
        return _integer_uniform_(tensor, low, high, notes)

    torch.rand, torch.rand_like, torch.Tensor.uniform_ = rand, rand_like, uniform_
    try:
        yield
    finally:
        torch.rand, torch.rand_like, torch.Tensor.uniform_ = original_rand, original_rand_like, original_uniform
