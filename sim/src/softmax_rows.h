// What SoftMax and SoftmaxGrad share: the [m, k] rows a call works on (its SoftMaxShapeInfo, or
// the tiling's when that is all zeros), the rows one pass of its temporary space takes, a row's
// reduction written over one 32-byte block, and the vector passes it is charged as, on float lanes.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ascendc_sim/adv_api/softmax.h"
#include "cost_table.h"
#include "element.h"
#include "pipe_timeline.h"

namespace ascendc_sim {

inline constexpr uint32_t kRowBlockBytes = 32;
inline constexpr uint32_t kFloatsPerRowBlock = kRowBlockBytes / sizeof(float);

struct RowShape {
  uint32_t m;
  uint32_t k;     // a whole number of 32-byte blocks
  uint32_t oriK;  // the columns before the row's padding, the ones that enter its reductions
};

RowShape SoftMaxRowShape(const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info, uint32_t elementBytes,
                         const Site& site);

// The rows one pass takes: the tiling's splitM, or, for another shape, one (CANN's kernel then
// tiles again for the temporary space it has). A tiling that fits no row names the host calls
// that made it: `tilingFunc` given a localWorkSpaceSize below `minTmpSize`.
uint64_t SoftMaxRowsPerPass(const SoftMaxTiling& tiling, const RowShape& shape, const char* tilingFunc,
                            const char* minTmpSize, const Site& site);

// Row `row`'s value repeated over its 32-byte block of `ref` ([m, 32 / sizeof(U)]).
template <class U>
void StoreRowBlock(const LocalRef& ref, uint64_t row, float value) {
  constexpr uint32_t kPerBlock = kRowBlockBytes / sizeof(U);
  for (uint32_t i = 0; i < kPerBlock; ++i) Store<U>(ref.address + (row * kPerBlock + i) * sizeof(U), value);
}

// The passes of a row API on float lanes: each touches the API's work (the sources it reads and
// the temporary space it writes), or, for Output, writes one output (none when it is null).
struct FloatRowPasses {
  const MemAccess* work;
  size_t workCount;
  const Site& site;

  void Pass(VecCost cost, uint64_t lanes) const;
  void Output(VecCost cost, uint64_t lanes, const LocalRef* output, uint64_t bytes) const;
};

}  // namespace ascendc_sim
