// The craft DSL's concrete dtypes (docs/dsl.md "The op header"), their sizes and spellings.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace akgen::craft {

// C64 is a tensor dtype only: a complex64 tensor is read and written as its interleaved
// (real, imaginary) f32 pairs, so no buffer holds it.
enum class Dtype { F16, BF16, F32, I8, I16, I32, I64, U8, Bool, C64 };

int64_t DtypeBytes(Dtype dtype);
std::string_view DtypeName(Dtype dtype);  // as written in a program: `f16`, `bool`, ...
std::optional<Dtype> ParseDtype(std::string_view name);
// The dtypes vector arithmetic accepts (docs/dsl.md "Primitives": f16 and f32).
bool IsArithmeticDtype(Dtype dtype);

}  // namespace akgen::craft
