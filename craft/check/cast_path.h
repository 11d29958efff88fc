// How `cast(x, DT)` becomes the vector unit's conversions (docs/dsl.md "conversion"). Atlas A2 has
// a Cast instruction for some dtype pairs only; the others go through exact intermediates, so that
// every pair the checker accepts compiles, and rounds the way PyTorch's `.to()` does: floats round
// to nearest-even, float to integer rounds toward zero (as C and torch do), NaN becomes 0. Values
// outside the target's range saturate, as the vector unit does (torch leaves them undefined for
// floats and wraps integers).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "craft/check/dtype.h"

namespace akgen::craft {

enum class CastRounding { None, Rint, Trunc };

struct CastStep {
  Dtype from;
  Dtype to;  // f32 to f32 with Trunc rounds to an integral value in place of a float-to-integer step
  CastRounding rounding = CastRounding::None;
};

// The conversions from `from` to `to` in order; empty when they are the same dtype. nullopt when
// the checker refuses the cast (only a cast to bool, which is a compare).
std::optional<std::vector<CastStep>> CastPath(Dtype from, Dtype to);

// How a cast that keeps the dtype copies a 1-byte buffer (i8, u8, bool): through f16, which holds
// every byte value exactly; vector arithmetic has no 1-byte form. Empty for wider dtypes, whose
// elements are copied as int16 bit patterns.
std::vector<CastStep> ByteCopyPath(Dtype dtype);

// Bytes per element of the intermediate results a path keeps in scratch (every step but the last
// writes one), and how many such regions it has (each starts 32-byte aligned).
int64_t CastScratchBytesPerElement(const std::vector<CastStep>& path);
int64_t CastScratchRegions(const std::vector<CastStep>& path);

}  // namespace akgen::craft
