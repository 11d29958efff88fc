#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void split_halves(GM_ADDR x, GM_ADDR a, GM_ADDR b, GM_ADDR workspace, GM_ADDR tiling)
{
}
