// EXPECT-COMPILES
// In an NPU-mode build (ASCENDC_CPU_DEBUG undefined, as the harness compiles kernels) Select takes
// Compare's int8_t output as its mask: CANN checks the selMask type only in its CPU-debug build.
#undef ASCENDC_CPU_DEBUG
#include "kernel_operator.h"

using namespace AscendC;

void LessThanOrZero(const LocalTensor<half>& x, const LocalTensor<half>& y, const LocalTensor<int8_t>& mask) {
  Compare(mask, x, y, CMPMODE::LT, 128);
  Select(x, mask, x, (half)0, SELMODE::VSEL_TENSOR_SCALAR_MODE, 128);
}
