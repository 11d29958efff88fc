// AscendC kernel API for the AscendKernelGen CPU simulator. Mirrors CANN 8.x (Atlas A2/A3) names;
// see docs/simulator.md for what is modelled. Deliberately includes no <cmath>, <cfloat> or
// <algorithm>: kernel code sees only what the NPU toolchain offers.
#pragma once
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/scalar_types.h"
#include "ascendc_sim/enums.h"
#include "ascendc_sim/constants.h"
#include "ascendc_sim/global_tensor.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/tpipe.h"
#include "ascendc_sim/sys_var.h"
#include "ascendc_sim/sync.h"
#include "ascendc_sim/data_copy.h"
#include "ascendc_sim/atomic.h"
#include "ascendc_sim/debug.h"
#include "ascendc_sim/intrinsics.h"
#include "ascendc_sim/workspace.h"
#include "ascendc_sim/vec_api.h"
#include "ascendc_sim/ascendc_utils.h"
#include "ascendc_sim/adv_math/elementwise.h"
#include "ascendc_sim/adv_math/exp.h"
#include "ascendc_sim/adv_math/power.h"
#include "ascendc_sim/tiling_data.h"
