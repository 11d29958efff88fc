#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void sgd_momentum(GM_ADDR param, GM_ADDR grad, GM_ADDR velocity, GM_ADDR param_out,
                                                   GM_ADDR velocity_out, GM_ADDR workspace, GM_ADDR tiling)
{
}
