// EXPECT-ERROR: Failed to check dtype in ProposalConcat
// The region-proposal APIs take half or float; on A2 they are also absent, which only a run shows.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void concat_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> proposals, scores;
  pipe.InitBuffer(proposals, 16 * 8 * sizeof(int16_t));
  pipe.InitBuffer(scores, 16 * sizeof(int16_t));
  ProposalConcat(proposals.Get<int16_t>(), scores.Get<int16_t>(), 1, 4);
  (void)x;
}
