#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void adam_step(GM_ADDR param, GM_ADDR grad, GM_ADDR m, GM_ADDR v, GM_ADDR param_out,
                                                GM_ADDR m_out, GM_ADDR v_out, GM_ADDR workspace, GM_ADDR tiling)
{
}
