// Kernel-side tiling macros. GET_TILING_DATA copies the op's tiling struct out of the GM tiling
// buffer, checking that the whole struct lies inside GM: a short tiling buffer is a
// gm-out-of-bounds diagnostic, not a crash.
// Which struct GET_TILING_DATA means: REGISTER_TILING_DEFAULT(T) in the kernel (standard-struct
// tiling), else the op's REGISTER_TILING_DATA_CLASS struct from the prelude akgen generates for
// the kernel (ascendc_sim/host/op_runtime.h KernelPrelude), as CANN's op build does.
#pragma once
#include <cstddef>
#include <cstdint>
#include <source_location>
#include <type_traits>

#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

// Overload ranks: a kernel's REGISTER_TILING_DEFAULT (2) beats the op's registered class (1),
// which beats "nothing registered" (0).
template <int Rank>
struct TilingRank : TilingRank<Rank - 1> {};
template <>
struct TilingRank<0> {};

struct NoTilingStruct {};

template <class T, class = void>
struct DefaultTilingStruct {
  using type = T;
};
template <class T>
struct DefaultTilingStruct<T, std::enable_if_t<std::is_same_v<T, NoTilingStruct>>> {
  static_assert(!std::is_same_v<T, NoTilingStruct>,
                "GET_TILING_DATA: no tiling struct is known for this kernel. Either declare "
                "REGISTER_TILING_DEFAULT(YourTilingStruct); before the kernel, or compile the kernel with the "
                "prelude akgen generates from the op_host's REGISTER_TILING_DATA_CLASS(OpType, Struct)");
  using type = T;
};

template <class T>
void InitTilingData(T* destination, const uint8_t* tiling, uint64_t byteOffset, Site site) {
  static_assert(std::is_trivially_copyable_v<T>,
                "tiling structs are copied byte-wise from GM: use only plain fields (no pointers to host "
                "objects, references, or virtual functions)");
  const GlobalRef ref = rt::GmResolve(tiling + byteOffset);
  rt::LoadGlobal(ref, static_cast<void*>(destination), sizeof(T), site);
}

}  // namespace ascendc_sim

ascendc_sim::NoTilingStruct AkgenTilingStruct(ascendc_sim::TilingRank<0>);

#define AKGEN_REGISTER_OP_TILING(struct_type) struct_type AkgenTilingStruct(::ascendc_sim::TilingRank<1>)
#define REGISTER_TILING_DEFAULT(struct_type) struct_type AkgenTilingStruct(::ascendc_sim::TilingRank<2>)
#define REGISTER_TILING_FOR_TILINGKEY(key_expression, struct_type)                                             \
  static_assert(sizeof(struct_type) == 0,                                                                      \
                "REGISTER_TILING_FOR_TILINGKEY is not simulated: use one tiling struct per kernel "             \
                "(REGISTER_TILING_DEFAULT) or GET_TILING_DATA_WITH_STRUCT inside each TILING_KEY_IS branch")

#define AKGEN_TILING_SITE(api) ::ascendc_sim::MakeSite(api, std::source_location::current())

#define GET_TILING_DATA(tiling_data, tiling_arg)                                                               \
  typename ::ascendc_sim::DefaultTilingStruct<decltype(AkgenTilingStruct(::ascendc_sim::TilingRank<2>{}))>::type \
      tiling_data;                                                                                              \
  ::ascendc_sim::InitTilingData(&tiling_data, (const uint8_t*)(tiling_arg), 0, AKGEN_TILING_SITE("GET_TILING_DATA"))

#define GET_TILING_DATA_WITH_STRUCT(struct_type, tiling_data, tiling_arg) \
  struct_type tiling_data;                                                \
  ::ascendc_sim::InitTilingData(&tiling_data, (const uint8_t*)(tiling_arg), 0, AKGEN_TILING_SITE("GET_TILING_DATA_WITH_STRUCT"))

#define GET_TILING_DATA_MEMBER(struct_type, member, tiling_data, tiling_arg)                             \
  decltype(struct_type::member) tiling_data;                                                             \
  ::ascendc_sim::InitTilingData(&tiling_data, (const uint8_t*)(tiling_arg), __builtin_offsetof(struct_type, member), \
                                AKGEN_TILING_SITE("GET_TILING_DATA_MEMBER"))

#define GET_TILING_DATA_PTR_WITH_STRUCT(struct_type, tiling_pointer, tiling_arg) \
  const struct_type* tiling_pointer = reinterpret_cast<const struct_type*>(tiling_arg)
