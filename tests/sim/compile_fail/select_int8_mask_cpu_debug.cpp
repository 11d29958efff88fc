// EXPECT-ERROR: Failed to check dtype in Select (selMask), current api support dtype combination is uint8_t, uint16_t, uint32_t, uint64_t
// CANN's CPU-debug build rejects a signed selMask; akgen cc compiles in that mode.
#include "kernel_operator.h"

using namespace AscendC;

void LessThanOrZero(const LocalTensor<half>& x, const LocalTensor<half>& y, const LocalTensor<int8_t>& mask) {
  Compare(mask, x, y, CMPMODE::LT, 128);
  Select(x, mask, x, (half)0, SELMODE::VSEL_TENSOR_SCALAR_MODE, 128);
}
