// MultiKernelBench's comparison (utils/correctness.py): shapes equal; a bool output must match
// exactly; any other output must pass `torch.allclose(reference, candidate, atol=tol, rtol=tol)`,
// that is |reference - candidate| <= tol + tol * |candidate| element by element, NaN never close
// and equal infinities close. allclose refuses operands of different dtypes, which fails the trial
// there, so a dtype mismatch fails here. tol was 1e-2 until its commit 0555903 (2026-01-22) and
// is 1e-4 since (`akgen eval --mkb-tolerance`).
#pragma once
#include "bench/compare/default_rule.h"

namespace akgen::bench {

inline constexpr double kMkbTolerance = 1e-4;       // MultiKernelBench since 0555903
inline constexpr double kMkbPaperTolerance = 1e-2;  // the paper's, and AscendCraft-era runs before it

Comparison CompareWithAllclose(const TensorData& reference, const TensorData& candidate, double tolerance);

}  // namespace akgen::bench
