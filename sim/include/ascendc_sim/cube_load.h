// LoadData and LoadDataWithTranspose: L1 (A1/B1) -> L0A (A2) / L0B (B2), in 512-byte fractals.
#pragma once
#include "ascendc_sim/cube_params.h"
#include "ascendc_sim/cube_runtime.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {

template <class T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& params,
              const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("LoadData", T, uint8_t, int8_t, uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t,
                          float);
  ascendc_sim::LoadShape shape;
  shape.startIndex = params.startIndex;
  shape.repeatTimes = params.repeatTimes;
  shape.srcStride = params.srcStride;
  shape.dstGap = params.dstGap;
  shape.ifTranspose = params.ifTranspose;
  shape.addrMode = params.addrMode;
  ascendc_sim::rt::LoadFractals(dst.SimRef(), src.SimRef(), ascendc_sim::kDTypeOf<T>, shape,
                                ascendc_sim::MakeSite("LoadData", location));
}

template <class T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LoadData2dTransposeParams& params,
                           const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("LoadDataWithTranspose", T, int8_t, uint8_t, half, bfloat16_t, int32_t, uint32_t, float);
  ascendc_sim::LoadShape shape;
  shape.withTranspose = true;
  shape.startIndex = params.startIndex;
  shape.repeatTimes = params.repeatTimes;
  shape.srcStride = params.srcStride;
  shape.dstGap = params.dstGap;
  shape.dstFracGap = params.dstFracGap;
  shape.addrMode = params.addrMode;
  ascendc_sim::rt::LoadFractals(dst.SimRef(), src.SimRef(), ascendc_sim::kDTypeOf<T>, shape,
                                ascendc_sim::MakeSite("LoadDataWithTranspose", location));
}

}  // namespace AscendC
