// The SoftMax family's tiling fields for [m, k] rows worked splitM at a time, written into any
// struct with CANN's SoftMaxTiling field names: the host's optiling::SoftMaxTiling (the tiling
// functions of tiling/softmax/softmax_tiling.h) and the kernel's SoftMaxTiling (the kernel-side
// tiling functions). outK is the width of each row's output block, reduceK of its reduction scratch.
#pragma once
#include <cstdint>

namespace ascendc_sim {

template <class Tiling>
constexpr void FillSoftMaxRowTiling(Tiling& tiling, uint32_t m, uint32_t k, uint32_t splitM, uint32_t outK,
                                    uint32_t reduceK) {
  tiling.srcM = m;
  tiling.srcK = k;
  tiling.srcSize = m * k;
  tiling.outMaxM = m;
  tiling.outMaxK = outK;
  tiling.outMaxSize = m * outK;
  tiling.splitM = splitM;
  tiling.splitK = k;
  tiling.splitSize = splitM * k;
  tiling.reduceM = splitM;
  tiling.reduceK = reduceK;
  tiling.reduceSize = splitM * reduceK;
  tiling.rangeM = splitM == 0 ? 0 : m / splitM;
  tiling.tailM = splitM == 0 ? 0 : m % splitM;
  tiling.tailSplitSize = tiling.tailM * k;
  tiling.tailReduceSize = tiling.tailM * reduceK;
}

}  // namespace ascendc_sim
