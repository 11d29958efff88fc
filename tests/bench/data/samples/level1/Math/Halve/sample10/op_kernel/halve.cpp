// Test fixture: a kernel-only candidate (tiling hard-coded in the kernel).
#include "kernel_operator.h"
