// Mmad: C (CO1, L0C) = A (A2, L0A) x B (B2, L0B) [+ bias (C2) | + C]. The dtype triples are
// Atlas A2's: int8_t x int8_t -> int32_t, half x half, bfloat16_t x bfloat16_t and float x float
// -> float; others do not compile, as with CANN's check.
#pragma once
#include <type_traits>

#include "ascendc_sim/cube_params.h"
#include "ascendc_sim/cube_runtime.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {
namespace cube_detail {

template <class C, class A, class B>
inline constexpr bool kMmadTypes = std::is_same_v<A, B> &&
                                   ((std::is_same_v<C, int32_t> && std::is_same_v<A, int8_t>) ||
                                    (std::is_same_v<C, float> && ascendc_sim::kIsOneOf<A, half, bfloat16_t, float>));

inline ascendc_sim::MmadShape Shape(const MmadParams& p) {
  ascendc_sim::MmadShape shape;
  shape.m = p.m;
  shape.n = p.n;
  shape.k = p.k;
  shape.isBias = p.isBias;
  shape.kDirectionAlign = p.kDirectionAlign;
  shape.cmatrixSource = p.cmatrixSource;
  shape.cmatrixInitVal = p.cmatrixInitVal;
  shape.unitFlag = p.unitFlag;
  return shape;
}

}  // namespace cube_detail

template <class T, class U, class S>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& params,
          const std::source_location location = std::source_location::current()) {
  static_assert(cube_detail::kMmadTypes<T, U, S>,
                "Failed to check dtype in Mmad, current api support dtype combination is dst: int32_t, fm: int8_t, "
                "filter: int8_t; dst: float, fm: half, filter: half; dst: float, fm: float, filter: float; dst: "
                "float, fm: bfloat16_t, filter: bfloat16_t");
  ascendc_sim::rt::Mmad(dst.SimRef(), ascendc_sim::kDTypeOf<T>, fm.SimRef(), filter.SimRef(), ascendc_sim::kDTypeOf<U>,
                        nullptr, ascendc_sim::kDTypeOf<T>, cube_detail::Shape(params),
                        ascendc_sim::MakeSite("Mmad", location));
}

// The bias is one row of N values in the bias table (C2): int32_t for int8_t inputs, else float.
template <class T, class U, class S, class V>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const LocalTensor<V>& bias,
          const MmadParams& params, const std::source_location location = std::source_location::current()) {
  static_assert(cube_detail::kMmadTypes<T, U, S> && std::is_same_v<V, T>,
                "Failed to check dtype in Mmad with bias, current api support dtype combination is dst: int32_t, fm: "
                "int8_t, filter: int8_t, bias: int32_t; dst: float, fm: half, filter: half, bias: float; dst: float, "
                "fm: float, filter: float, bias: float; dst: float, fm: bfloat16_t, filter: bfloat16_t, bias: float");
  const ascendc_sim::LocalRef biasRef = bias.SimRef();
  ascendc_sim::rt::Mmad(dst.SimRef(), ascendc_sim::kDTypeOf<T>, fm.SimRef(), filter.SimRef(), ascendc_sim::kDTypeOf<U>,
                        &biasRef, ascendc_sim::kDTypeOf<V>, cube_detail::Shape(params),
                        ascendc_sim::MakeSite("Mmad", location));
}

}  // namespace AscendC
