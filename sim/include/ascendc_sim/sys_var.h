// Block identity and system queries.
#pragma once
#include "ascendc_sim/runtime.h"

namespace AscendC {

inline int64_t GetBlockIdx() { return ascendc_sim::rt::BlockIdx(); }
inline int64_t GetBlockNum() { return ascendc_sim::rt::BlockNum(); }
inline int64_t GetSubBlockIdx() { return ascendc_sim::rt::SubBlockIdx(); }
inline int64_t GetSubBlockNum() { return ascendc_sim::rt::SubBlockNum(); }
// The running core's kind per AI core: 1 on the cube core, the block's vector cores on a vector core
// (CANN 8.0/8.1 spell it GetTaskRation).
inline int64_t GetTaskRatio() { return ascendc_sim::rt::TaskRatio(); }
inline int64_t GetTaskRation() { return GetTaskRatio(); }
inline constexpr int64_t GetDataBlockSizeInBytes() { return 32; }
inline void InitSocState() {}

}  // namespace AscendC

#define TILING_KEY_VAR (::ascendc_sim::rt::TilingKey())
#define TILING_KEY_IS(key) (TILING_KEY_VAR == uint64_t(key))
