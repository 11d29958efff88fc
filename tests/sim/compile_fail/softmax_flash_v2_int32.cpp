// EXPECT-ERROR: Failed to check dtype in SoftmaxFlashV2
// SoftmaxFlashV2 is defined for half and float only.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void softmax_flash_v2_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 4 * 2 * 64 * sizeof(int32_t));
  LocalTensor<int32_t> all = buf.Get<int32_t>();
  SoftMaxTiling tiling;
  SoftmaxFlashV2<int32_t, true>(all, all[128], all[256], all, all[384], all[128], all[256], tiling,
                                SoftMaxShapeInfo{2, 64, 2, 64});
  (void)x;
}
