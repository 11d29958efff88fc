// Test fixture: the kernel template of the fake Halve task.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void halve(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {}
