// The cube's copies into L1 and the bias table: DataCopy GM -> L1 with ND -> NZ conversion, and
// L1 -> C2 (bias table) converting half to float.
#pragma once
#include <type_traits>

#include "ascendc_sim/cube_params.h"
#include "ascendc_sim/cube_runtime.h"
#include "ascendc_sim/data_copy.h"
#include "ascendc_sim/dtype.h"

namespace AscendC {

template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& params,
              const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("DataCopy with Nd2NzParams", T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half,
                          bfloat16_t, float);
  ascendc_sim::rt::CopyNd2Nz(dst.SimRef(), src.SimRef(), sizeof(T),
                             {params.ndNum, params.nValue, params.dValue, params.srcNdMatrixStride, params.srcDValue,
                              params.dstNzC0Stride, params.dstNzNStride, params.dstNzMatrixStride},
                             ascendc_sim::MakeSite("DataCopy", location));
}

// L1 -> bias table with a change of type: blockLen counts 64 bytes of the source.
template <class D, class S>
requires(!std::is_same_v<D, S>) void DataCopy(const LocalTensor<D>& dst, const LocalTensor<S>& src,
                                              const DataCopyParams& params,
                                              const std::source_location location = std::source_location::current()) {
  static_assert(std::is_same_v<D, float> && std::is_same_v<S, half>,
                "Failed to check dtype in DataCopy from L1 to the bias table, current api support dtype combination "
                "is src: half, dst: float (or one type on both sides)");
  ascendc_sim::rt::CopyToBiasTable(dst.SimRef(), ascendc_sim::kDTypeOf<D>, src.SimRef(), ascendc_sim::kDTypeOf<S>,
                                   copy_detail::Shape(params), ascendc_sim::MakeSite("DataCopy", location));
}

}  // namespace AscendC
