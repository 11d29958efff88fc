// EXPECT-ERROR: expected unqualified-id
// GM_ADDR is a macro, so a using-declaration of that name is not valid C++.
#include "kernel_operator.h"

using namespace AscendC;

using GM_ADDR = __gm__ void*;

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR x) { (void)x; }
