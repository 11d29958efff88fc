#include "craft/check/dtype.h"

#include <array>
#include <utility>

namespace akgen::craft {
namespace {

struct DtypeInfo {
  Dtype dtype;
  std::string_view name;
  int64_t bytes;
};

constexpr std::array<DtypeInfo, 10> kDtypes = {{
    {Dtype::F16, "f16", 2},
    {Dtype::BF16, "bf16", 2},
    {Dtype::F32, "f32", 4},
    {Dtype::I8, "i8", 1},
    {Dtype::I16, "i16", 2},
    {Dtype::I32, "i32", 4},
    {Dtype::I64, "i64", 8},
    {Dtype::U8, "u8", 1},
    {Dtype::Bool, "bool", 1},
    {Dtype::C64, "c64", 8},
}};

const DtypeInfo& InfoOf(Dtype dtype) { return kDtypes[static_cast<size_t>(dtype)]; }

}  // namespace

int64_t DtypeBytes(Dtype dtype) { return InfoOf(dtype).bytes; }

std::string_view DtypeName(Dtype dtype) { return InfoOf(dtype).name; }

std::optional<Dtype> ParseDtype(std::string_view name) {
  for (const DtypeInfo& info : kDtypes)
    if (info.name == name) return info.dtype;
  return std::nullopt;
}

bool IsArithmeticDtype(Dtype dtype) { return dtype == Dtype::F16 || dtype == Dtype::F32; }

}  // namespace akgen::craft
