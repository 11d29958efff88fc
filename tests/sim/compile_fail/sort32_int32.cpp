// EXPECT-ERROR: Failed to check dtype in Sort32
// Sort32 sorts half or float scores only.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void sort_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> scores, indices, pairs;
  pipe.InitBuffer(scores, 32 * sizeof(int32_t));
  pipe.InitBuffer(indices, 32 * sizeof(uint32_t));
  pipe.InitBuffer(pairs, 32 * 8);
  Sort32(pairs.Get<int32_t>(), scores.Get<int32_t>(), indices.Get<uint32_t>(), 1);
  (void)x;
}
