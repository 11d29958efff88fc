#ifndef FLIP_LAST_DIM_TILING_H
#define FLIP_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(FlipLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);          // leading dimensions flattened
TILING_DATA_FIELD_DEF(uint32_t, rowLength);     // D
TILING_DATA_FIELD_DEF(uint32_t, chunkLength);   // n: elements of a row per work item (n <= D)
TILING_DATA_FIELD_DEF(uint32_t, chunks);        // work items per row; the last one is shifted back to end at D
TILING_DATA_FIELD_DEF(uint32_t, tileRows);      // rows per work item (1 when a row is cut)
TILING_DATA_FIELD_DEF(uint32_t, rowGroups);     // ceil(rows / tileRows)
TILING_DATA_FIELD_DEF(uint32_t, itemsPerCore);  // work items of every core; the first tailItems cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailItems);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(FlipLastDim, FlipLastDimTilingData)
}  // namespace optiling
#endif  // FLIP_LAST_DIM_TILING_H
