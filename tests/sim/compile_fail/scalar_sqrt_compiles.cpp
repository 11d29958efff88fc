// EXPECT-COMPILES
// The NPU compiler gives kernels a global scalar sqrt for float and int64_t (no <cmath> needed),
// and a kernel that includes <cmath> itself still compiles.
#include "kernel_operator.h"
#include <cmath>

using namespace AscendC;

extern "C" __global__ __aicore__ void rstd_custom(GM_ADDR x, float eps) {
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, 8);
  const float rstd = 1 / sqrt(xGm.GetValue(0) + eps);
  const int64_t side = sqrt(int64_t(49));
  xGm.SetValue(0, rstd * float(side) + std::sqrt(eps));
}
