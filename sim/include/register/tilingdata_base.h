// Macro-style tiling data (CANN register/tilingdata_base.h). BEGIN_TILING_DATA_DEF(Cls) ...
// END_TILING_DATA_DEF declares a plain struct: public fields with the given names, in declaration
// order with natural alignment, so its bytes are exactly what the kernel's GET_TILING_DATA reads.
// Each field also gets set_<f>()/get_<f>(), and the class SaveToBuffer()/GetDataSize() and
// SetDataPtr(), which makes the setters write through to a buffer (ascendc_sim/host/tiling_data_binding.h).
// END_TILING_DATA_DEF closes the class itself: real op_host files sometimes omit the `;` after it.
// REGISTER_TILING_DATA_CLASS(OpType, Cls) records the class for the op, so the host runtime can
// emit the kernel-side struct definitions (see ascendc_sim/host/op_runtime.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ascendc_sim/host/tiling_data_binding.h"
#include "ascendc_sim/host/tiling_layout.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

// CANN's host headers make these standard names visible unqualified in namespace optiling:
// answers that build on a 910B write `vector<int64_t>` (ScatterList) and `map<ge::DataType, int32_t>`
// (GeGluGradV2) inside it. Only the names answers are known to rely on are brought in.
namespace optiling {
using std::map;
using std::vector;
}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)                                                          \
  class class_name {                                                                               \
    using AkgenSelf = class_name;                                                                  \
    static constexpr int kAkgenFirstSlot = __COUNTER__ + 1;                                        \
                                                                                                   \
   public:                                                                                         \
    static constexpr const char* AkgenClassName() { return #class_name; }                          \
    /* A SetDataPtr binding must not outlive the object. */                                        \
    ~class_name() { ::ascendc_sim::host::UnbindTilingData(this, sizeof(class_name)); }

#define AKGEN_TILING_FIELD_LAYOUT(type_text, field_name, count, nested_layout)                     \
  static void AkgenDescribeField(::ascendc_sim::host::TilingClassLayout& layout,                   \
                                 ::ascendc_sim::host::TilingFieldSlot<__COUNTER__>) {              \
    layout.fields.push_back({type_text, #field_name, __builtin_offsetof(AkgenSelf, field_name),     \
                             sizeof(AkgenSelf::field_name), count, nested_layout});                \
  }

#define TILING_DATA_FIELD_DEF(data_type, field_name)                                               \
  data_type field_name{};                                                                          \
  void set_##field_name(data_type value) {                                                         \
    this->field_name = value;                                                                      \
    ::ascendc_sim::host::WriteTilingFieldThrough(&this->field_name, sizeof(this->field_name));     \
  }                                                                                                \
  data_type get_##field_name() const { return this->field_name; }                                        \
  AKGEN_TILING_FIELD_LAYOUT(#data_type, field_name, 0, nullptr)

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                  \
  arr_type field_name[arr_size]{};                                                                 \
  void set_##field_name(const arr_type* values) {                                                  \
    if (values == nullptr) return;                                                                 \
    std::memcpy(this->field_name, values, sizeof(this->field_name));                               \
    ::ascendc_sim::host::WriteTilingFieldThrough(this->field_name, sizeof(this->field_name));      \
  }                                                                                                \
  arr_type* get_##field_name() { return this->field_name; }                                              \
  AKGEN_TILING_FIELD_LAYOUT(#arr_type, field_name, (arr_size), nullptr)

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name)                                      \
  struct_type field_name{};                                                                        \
  struct_type& get_##field_name() { return field_name; }                                           \
  AKGEN_TILING_FIELD_LAYOUT(struct_type::AkgenClassName(), field_name, 0,                          \
                            std::make_shared<const ::ascendc_sim::host::TilingClassLayout>(        \
                                struct_type::AkgenLayout()))

#define END_TILING_DATA_DEF                                                                        \
 private:                                                                                          \
  static constexpr int kAkgenEndSlot = __COUNTER__;                                                \
  template <int Slot>                                                                              \
  static void AkgenDescribeFrom(::ascendc_sim::host::TilingClassLayout& layout) {                  \
    if constexpr (Slot < kAkgenEndSlot) {                                                          \
      if constexpr (requires { AkgenDescribeField(layout, ::ascendc_sim::host::TilingFieldSlot<Slot>{}); }) { \
        AkgenDescribeField(layout, ::ascendc_sim::host::TilingFieldSlot<Slot>{});                  \
      }                                                                                            \
      AkgenDescribeFrom<Slot + 1>(layout);                                                         \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
 public:                                                                                           \
  static ::ascendc_sim::host::TilingClassLayout AkgenLayout() {                                    \
    ::ascendc_sim::host::TilingClassLayout layout{AkgenClassName(), sizeof(AkgenSelf), {}};        \
    AkgenDescribeFrom<kAkgenFirstSlot>(layout);                                                    \
    return layout;                                                                                 \
  }                                                                                                \
  /* Like CANN: too small a buffer is reported and left untouched. */                              \
  void SaveToBuffer(void* buffer, size_t capacity) const {                                         \
    if (buffer == nullptr || capacity < sizeof(AkgenSelf)) {                                       \
      std::fprintf(stderr, "SaveToBuffer: %s needs %zu bytes, buffer has %zu\n", AkgenClassName(), \
                   sizeof(AkgenSelf), capacity);                                                   \
      return;                                                                                      \
    }                                                                                              \
    std::memcpy(buffer, this, sizeof(AkgenSelf));                                                  \
  }                                                                                                \
  size_t GetDataSize() const { return sizeof(AkgenSelf); }                                         \
  void SetDataPtr(void* dataPtr) { ::ascendc_sim::host::BindTilingData(this, sizeof(AkgenSelf), dataPtr); } \
  };

#define AKGEN_TILING_CONCAT_INNER(a, b) a##b
#define AKGEN_TILING_CONCAT(a, b) AKGEN_TILING_CONCAT_INNER(a, b)

#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                            \
  [[maybe_unused]] static const bool AKGEN_TILING_CONCAT(akgenTilingClass_##op_type##_, __LINE__) = \
      ::ascendc_sim::host::RegisterTilingDataClass(#op_type, &class_name::AkgenLayout);
