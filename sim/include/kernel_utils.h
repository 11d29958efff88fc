// CANN's kernel_utils.h (AscendCUtils, the kernel constants), which some kernels include directly;
// its kernel-visible content is part of kernel_operator.h here.
#pragma once
#include "kernel_operator.h"
