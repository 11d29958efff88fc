#include "bench/oracle/torch_dtype.h"

#include <array>
#include <utility>

namespace akgen::bench {
namespace {

struct DtypeInfo {
  TorchDtype dtype;
  std::string_view name;
  size_t size;
};

constexpr std::array<DtypeInfo, 12> kDtypes{{
    {TorchDtype::Float16, "float16", 2},
    {TorchDtype::BFloat16, "bfloat16", 2},
    {TorchDtype::Float32, "float32", 4},
    {TorchDtype::Float64, "float64", 8},
    {TorchDtype::Complex64, "complex64", 8},
    {TorchDtype::Complex128, "complex128", 16},
    {TorchDtype::Int8, "int8", 1},
    {TorchDtype::Int16, "int16", 2},
    {TorchDtype::Int32, "int32", 4},
    {TorchDtype::Int64, "int64", 8},
    {TorchDtype::UInt8, "uint8", 1},
    {TorchDtype::Bool, "bool", 1},
}};

// torch's other spellings, which test_cases.csv also uses (`float` is torch.float32).
constexpr std::array<std::pair<std::string_view, TorchDtype>, 8> kAliases{{
    {"half", TorchDtype::Float16},
    {"float", TorchDtype::Float32},
    {"double", TorchDtype::Float64},
    {"cfloat", TorchDtype::Complex64},
    {"cdouble", TorchDtype::Complex128},
    {"short", TorchDtype::Int16},
    {"int", TorchDtype::Int32},
    {"long", TorchDtype::Int64},
}};

const DtypeInfo& Info(TorchDtype dtype) { return kDtypes[static_cast<size_t>(dtype)]; }

}  // namespace

std::optional<TorchDtype> ParseTorchDtype(std::string_view name) {
  for (const DtypeInfo& info : kDtypes)
    if (info.name == name) return info.dtype;
  for (const auto& [alias, dtype] : kAliases)
    if (alias == name) return dtype;
  return std::nullopt;
}

std::string_view TorchDtypeName(TorchDtype dtype) { return Info(dtype).name; }

size_t ElementSize(TorchDtype dtype) { return Info(dtype).size; }

}  // namespace akgen::bench
