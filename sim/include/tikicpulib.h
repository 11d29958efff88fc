// CPU-debug library header of CANN: the launcher (ICPU_RUN_KF) and GM allocation.
#pragma once
#include "kernel_operator.h"
#include "ascendc_sim/cpu_debug.h"
