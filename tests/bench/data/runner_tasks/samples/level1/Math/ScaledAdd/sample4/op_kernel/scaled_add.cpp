// A candidate that never finishes.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  volatile uint32_t spin = 0;
  while (spin == 0) {
  }
}
