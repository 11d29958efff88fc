// Test fixture: the kernel template of the fake ScaledTanhV2 task.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void scaled_tanh_v2(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {}
