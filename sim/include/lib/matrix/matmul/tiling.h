// CANN's header of the Matmul configs (MatmulConfig, GetNormalConfig, ...), which kernels include
// beside lib/matmul_intf.h; here they live with the simulated Matmul.
#pragma once
#include "ascendc_sim/adv_api/matmul.h"
