// EXPECT-ERROR: Failed to check dtype in MrgSort
// MrgSort merges half or float (score, index) pairs only.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void merge_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> runs, merged;
  pipe.InitBuffer(runs, 64 * 8);
  pipe.InitBuffer(merged, 64 * 8);
  LocalTensor<bfloat16_t> src = runs.Get<bfloat16_t>();
  const uint16_t lengths[4] = {32, 32, 0, 0};
  MrgSort(merged.Get<bfloat16_t>(), MrgSortSrcList<bfloat16_t>(src, src[128], src, src),
          MrgSort4Info(lengths, false, 3, 1));
  (void)x;
}
