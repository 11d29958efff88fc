#ifndef SPLIT_HALVES_TILING_H
#define SPLIT_HALVES_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SplitHalvesTilingData)
TILING_DATA_FIELD_DEF(uint32_t, outer);         // runs per output (product of the dims before dim)
TILING_DATA_FIELD_DEF(uint32_t, runLength);     // K: elements per run
TILING_DATA_FIELD_DEF(uint32_t, tileRows);      // runs per work item
TILING_DATA_FIELD_DEF(uint32_t, tileCols);      // elements of a run per work item
TILING_DATA_FIELD_DEF(uint32_t, rowGroups);     // ceil(outer / tileRows)
TILING_DATA_FIELD_DEF(uint32_t, colChunks);     // ceil(runLength / tileCols)
TILING_DATA_FIELD_DEF(uint32_t, itemsPerCore);  // work items of every core; the first tailItems cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailItems);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SplitHalves, SplitHalvesTilingData)
}  // namespace optiling
#endif  // SPLIT_HALVES_TILING_H
