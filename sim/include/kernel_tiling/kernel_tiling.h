// CANN's kernel-side tiling header. In CANN it defines the tiling structs of the high-level APIs
// (SoftMaxTiling, TCubeTiling, ...) for the kernel, while the op's own tiling structs come from a
// header the op build generates and force-includes. Here that generated header is akgen's kernel
// prelude, which also writes out every API struct the op_host nested in its tiling (see
// ascendc_sim/host/op_runtime.h KernelPrelude), so this header only has to bring the tiling macros.
#pragma once
#include "ascendc_sim/tiling_data.h"
