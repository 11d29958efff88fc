// How the generated AscendC spells the craft dtypes: the kernel's C++ types and the OpDef's
// ge::DataType names.
#pragma once
#include <string>
#include <string_view>

#include "craft/check/program_model.h"

namespace akgen::craft::lower {

std::string_view KernelSpelling(Dtype dtype);  // half, bfloat16_t, float, ..., uint8_t for bool
std::string_view GeSpelling(Dtype dtype);      // ge::DT_FLOAT16, ...
// The kernel-side C++ type: a dtype variable stays the template parameter of that name.
std::string KernelType(const ResolvedDtype& dtype);
// `std::is_same_v<T, float>`: true in the kernel instantiation of combination k for `variable`.
std::string IsSameCondition(const std::string& variable, Dtype dtype);

}  // namespace akgen::craft::lower
