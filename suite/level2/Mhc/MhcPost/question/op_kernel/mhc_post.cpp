#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void mhc_post(GM_ADDR x, GM_ADDR h_res, GM_ADDR h_out, GM_ADDR h_post, GM_ADDR y,
                                               GM_ADDR workspace, GM_ADDR tiling)
{
}
