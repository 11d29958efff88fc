// CANN's kernel-side tiling header: the tiling structs of the high-level APIs, as the kernel reads
// them, and the tiling macros. The op's own tiling structs come from a header the op build
// generates and force-includes; here that is akgen's kernel prelude, which includes this header and
// writes out the op's structs, leaving the API structs defined here to this header (see
// ascendc_sim/host/op_runtime.h KernelPrelude).
#pragma once
#include <cstdint>

#include "ascendc_sim/tiling_data.h"

// SoftMax's tiling (host: optiling::SoftMaxTiling, filled by SoftMaxTilingFunc), with CANN's fields.
struct SoftMaxTiling {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t srcSize = 0;
  uint32_t outMaxM = 0;
  uint32_t outMaxK = 0;
  uint32_t outMaxSize = 0;
  uint32_t splitM = 0;
  uint32_t splitK = 0;
  uint32_t splitSize = 0;
  uint32_t reduceM = 0;
  uint32_t reduceK = 0;
  uint32_t reduceSize = 0;
  uint32_t rangeM = 0;
  uint32_t tailM = 0;
  uint32_t tailSplitSize = 0;
  uint32_t tailReduceSize = 0;
};
