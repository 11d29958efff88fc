#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void foreach_clamp_min_scalar(GM_ADDR xs, GM_ADDR scalar, GM_ADDR ys, GM_ADDR workspace,
                                                               GM_ADDR tiling)
{
}
