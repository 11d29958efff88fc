#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void mhc_post_grad(GM_ADDR dy, GM_ADDR x, GM_ADDR h_res, GM_ADDR h_out, GM_ADDR h_post,
                                                    GM_ADDR grad_x, GM_ADDR grad_h_res, GM_ADDR grad_h_out,
                                                    GM_ADDR grad_h_post, GM_ADDR workspace, GM_ADDR tiling)
{
}
