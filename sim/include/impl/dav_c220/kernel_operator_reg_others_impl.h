// An internal CANN header some kernels include directly; its kernel-visible content is part of
// kernel_operator.h here.
#pragma once
#include "kernel_operator.h"
