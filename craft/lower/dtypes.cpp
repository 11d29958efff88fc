#include "craft/lower/dtypes.h"

namespace akgen::craft::lower {

std::string_view KernelSpelling(Dtype dtype) {
  switch (dtype) {
    case Dtype::F16: return "half";
    case Dtype::BF16: return "bfloat16_t";
    case Dtype::F32: return "float";
    case Dtype::I8: return "int8_t";
    case Dtype::I16: return "int16_t";
    case Dtype::I32: return "int32_t";
    case Dtype::I64: return "int64_t";
    case Dtype::U8: return "uint8_t";
    case Dtype::Bool: return "uint8_t";
    case Dtype::C64: return "float";  // its interleaved f32 pairs
  }
  return "float";
}

std::string_view GeSpelling(Dtype dtype) {
  switch (dtype) {
    case Dtype::F16: return "ge::DT_FLOAT16";
    case Dtype::BF16: return "ge::DT_BF16";
    case Dtype::F32: return "ge::DT_FLOAT";
    case Dtype::I8: return "ge::DT_INT8";
    case Dtype::I16: return "ge::DT_INT16";
    case Dtype::I32: return "ge::DT_INT32";
    case Dtype::I64: return "ge::DT_INT64";
    case Dtype::U8: return "ge::DT_UINT8";
    case Dtype::Bool: return "ge::DT_BOOL";
    case Dtype::C64: return "ge::DT_COMPLEX64";
  }
  return "ge::DT_FLOAT";
}

std::string KernelType(const ResolvedDtype& dtype) {
  if (dtype.variable || dtype.perCombination.empty()) return dtype.written;
  return std::string(KernelSpelling(dtype.perCombination.front()));
}

std::string IsSameCondition(const std::string& variable, Dtype dtype) {
  // The entry instantiates the kernel with DTYPE_<INPUT>, which is `bool` for a bool tensor.
  const std::string type = dtype == Dtype::Bool ? "bool" : std::string(KernelSpelling(dtype));
  return "std::is_same_v<" + variable + ", " + type + ">";
}

}  // namespace akgen::craft::lower
