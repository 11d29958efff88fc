// Fixpipe: L0C (CO1) -> GM or L1, NZ -> ND (CFG_ROW_MAJOR, the default) or NZ kept (CFG_NZ), with
// the conversion quantPre names and optional ReLU. The dtype pairs are Atlas A2's: float -> float,
// half, bfloat16_t, int8_t, uint8_t; int32_t -> int32_t, half, int8_t, uint8_t.
#pragma once
#include <type_traits>

#include "ascendc_sim/cube_params.h"
#include "ascendc_sim/cube_runtime.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/global_tensor.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {
namespace cube_detail {

template <class T, class U>
inline constexpr bool kFixpipeTypes = (std::is_same_v<U, float> &&
                                       ascendc_sim::kIsOneOf<T, float, half, bfloat16_t, int8_t, uint8_t>) ||
                                      (std::is_same_v<U, int32_t> &&
                                       ascendc_sim::kIsOneOf<T, int32_t, half, int8_t, uint8_t>);

inline ascendc_sim::FixpipeShape Shape(const FixpipeParamsV220& p, const FixpipeConfig& config) {
  ascendc_sim::FixpipeShape shape;
  shape.nzOutput = config.format == CO2Layout::NZ;
  shape.nSize = p.nSize;
  shape.mSize = p.mSize;
  shape.srcStride = p.srcStride;
  shape.dstStride = p.dstStride;
  shape.quantPre = uint8_t(p.quantPre);
  shape.deqScalar = p.deqScalar;
  shape.ndNum = p.ndNum;
  shape.srcNdStride = p.srcNdStride;
  shape.dstNdStride = p.dstNdStride;
  shape.reluEn = p.reluEn;
  shape.unitFlag = p.unitFlag;
  shape.channelSplit = p.isChannelSplit;
  return shape;
}

template <class Dst, class T, class U>
void Fixpipe(const Dst& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>* quantTable,
             const FixpipeParamsV220& params, const FixpipeConfig& config, const std::source_location& location) {
  static_assert(kFixpipeTypes<T, U>,
                "Failed to check dtype in Fixpipe, current api support dtype combination is src: float, dst: float, "
                "half, bfloat16_t, int8_t, uint8_t; src: int32_t, dst: int32_t, half, int8_t, uint8_t");
  ascendc_sim::CopyEndpoint endpoint;
  if constexpr (std::is_same_v<Dst, GlobalTensor<T>>) {
    endpoint.global = true;
    endpoint.gm = dst.SimRef();
  } else {
    endpoint.local = dst.SimRef();
  }
  ascendc_sim::LocalRef table;
  if (quantTable != nullptr) table = quantTable->SimRef();
  ascendc_sim::rt::Fixpipe(endpoint, ascendc_sim::kDTypeOf<T>, src.SimRef(), ascendc_sim::kDTypeOf<U>,
                           quantTable != nullptr ? &table : nullptr, Shape(params, config),
                           ascendc_sim::MakeSite("Fixpipe", location));
}

}  // namespace cube_detail

template <class T, class U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& params,
             const std::source_location location = std::source_location::current()) {
  cube_detail::Fixpipe<GlobalTensor<T>, T, U>(dst, src, nullptr, params, config, location);
}

template <class T, class U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& params,
             const std::source_location location = std::source_location::current()) {
  cube_detail::Fixpipe<LocalTensor<T>, T, U>(dst, src, nullptr, params, config, location);
}

// Per-column quantisation (VDEQF16, VQF322B8_PRE, VREQ8): one uint64_t parameter per column in L1.
template <class T, class U, const FixpipeConfig& config = CFG_ROW_MAJOR, class S = uint64_t>
requires std::is_same_v<S, uint64_t>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
             const FixpipeParamsV220& params, const std::source_location location = std::source_location::current()) {
  cube_detail::Fixpipe<GlobalTensor<T>, T, U>(dst, src, &cbufWorkspace, params, config, location);
}

template <class T, class U, const FixpipeConfig& config = CFG_ROW_MAJOR, class S = uint64_t>
requires std::is_same_v<S, uint64_t>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
             const FixpipeParamsV220& params, const std::source_location location = std::source_location::current()) {
  cube_detail::Fixpipe<LocalTensor<T>, T, U>(dst, src, &cbufWorkspace, params, config, location);
}

}  // namespace AscendC
