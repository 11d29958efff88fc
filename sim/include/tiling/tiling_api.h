// CANN's umbrella header for host tiling: the platform query and the tiling-data macros. The
// matmul and advanced-API tiling helpers (matmul_tiling::MatmulApiTiling, GetSoftMax*...) are
// not simulated.
#pragma once
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
