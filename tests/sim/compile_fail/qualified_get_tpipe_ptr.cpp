// EXPECT-ERROR: 'GetTPipePtr' is not a member of 'AscendC'
// GetTPipePtr lives at global scope in CANN, not in namespace AscendC.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void sync_custom(GM_ADDR x) {
  AscendC::TPipe pipe;
  (void)AscendC::GetTPipePtr();
  (void)x;
}
