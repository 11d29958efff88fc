#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void grouped_matmul_per_token_dequant(GM_ADDR x, GM_ADDR weight, GM_ADDR scale,
                                                                       GM_ADDR perTokenScale, GM_ADDR groupList,
                                                                       GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {}
