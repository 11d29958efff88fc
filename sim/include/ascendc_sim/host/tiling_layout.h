// The layout of a tiling-data class declared with BEGIN_TILING_DATA_DEF: its fields in order with
// their C++ types, offsets and sizes. The host runtime uses it to write the kernel-side struct
// definitions, as CANN's build does when it generates a kernel's tiling header.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ascendc_sim::host {

struct TilingClassLayout;

struct TilingFieldLayout {
  std::string type;  // element type as written, e.g. "uint32_t", or the nested class name
  std::string name;
  size_t offset = 0;
  size_t bytes = 0;
  size_t arrayCount = 0;  // 0: not an array
  std::shared_ptr<const TilingClassLayout> nested;
};

struct TilingClassLayout {
  std::string name;
  size_t bytes = 0;
  std::vector<TilingFieldLayout> fields;
};

using TilingLayoutFunction = TilingClassLayout (*)();

// Records that op type `opType` uses tiling class `layout` (REGISTER_TILING_DATA_CLASS).
bool RegisterTilingDataClass(const char* opType, TilingLayoutFunction layout);

// Field slots: one per field, numbered by __COUNTER__, so a class can list its fields in order.
template <int N>
struct TilingFieldSlot {};

}  // namespace ascendc_sim::host
