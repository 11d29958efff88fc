// BroadCast: an element copy of src into dst's shape. The data work is exact (it only moves
// elements); its cost is charged as one simple vector pass over dst, a stand-in for the Brcb,
// Copy and GatherMask passes CANN runs.
#include "ascendc_sim/broadcast.h"

#include <cstring>
#include <vector>

#include "diagnostics.h"
#include "instruction_record.h"
#include "launch_cost.h"
#include "local_memory.h"

namespace ascendc_sim {
namespace rt {

void Broadcast(const LocalRef& dst, const LocalRef& src, uint32_t elementBytes, uint32_t dim, uint32_t axis,
               const uint32_t* dstShape, const uint32_t* srcShape, Site site) {
  for (uint32_t i = 0; i < dim; ++i) {
    const bool broadcastHere = i == axis && srcShape[i] == 1;
    if (srcShape[i] != dstShape[i] && !broadcastHere) {
      RaiseError("bad-parameter", site,
                 Format("srcShape[%u] is %u but dstShape[%u] is %u; src must match dst except for a 1 on axis %u", i,
                        srcShape[i], i, dstShape[i], axis));
    }
  }
  // Rows and columns of the 2-D view (a 1-D broadcast is one row).
  const uint32_t rows = dim == 2 ? dstShape[0] : 1;
  const uint32_t columns = dstShape[dim - 1];
  const uint32_t srcRows = dim == 2 ? srcShape[0] : 1;
  const uint32_t srcColumns = srcShape[dim - 1];
  if (dim == 2 && axis == 0 && srcRows != rows && uint64_t(columns) * elementBytes % 32 != 0) {
    RaiseError("bad-parameter", site,
               Format("broadcasting along axis 0 needs rows of whole 32-byte blocks, but dstShape[1] = %u elements "
                      "is %llu bytes (CANN: Non-alignment is not supported)",
                      columns, static_cast<unsigned long long>(uint64_t(columns) * elementBytes)));
  }
  const uint64_t srcBytes = uint64_t(srcRows) * srcColumns * elementBytes;
  const uint64_t dstBytes = uint64_t(rows) * columns * elementBytes;
  if (dstBytes == 0) return;
  CheckTensor(src, src.address, srcBytes, true, site);
  CheckTensor(dst, dst.address, dstBytes, true, site);
  const MemAccess accesses[] = {OnChipAccess(src.address, srcBytes, false), OnChipAccess(dst.address, dstBytes, true)};
  RecordVector(VecCost::kSimple, elementBytes, (dstBytes + 255) / 256, accesses, 2, site);
  if (CurrentLaunchCost().TimingOnly()) return;
  CheckInitialized(src.address, srcBytes, site);
  // Read all of src first: dst may be the same tensor.
  const std::vector<uint8_t> source(src.address, src.address + srcBytes);
  for (uint32_t row = 0; row < rows; ++row) {
    for (uint32_t column = 0; column < columns; ++column) {
      const uint64_t from = (uint64_t(srcRows == 1 ? 0 : row) * srcColumns + (srcColumns == 1 ? 0 : column)) * elementBytes;
      std::memcpy(dst.address + (uint64_t(row) * columns + column) * elementBytes, source.data() + from, elementBytes);
    }
  }
  MarkWritten(dst.address, dstBytes);
}

}  // namespace rt
}  // namespace ascendc_sim
