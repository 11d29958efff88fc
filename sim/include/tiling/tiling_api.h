// CANN's umbrella header for host tiling: the platform query, the tiling-data macros and the
// high-level API size queries and tilings the simulator has, the matmul tiling among them. Host code
// relies on it for <algorithm>, <array> and <set> as well, which CANN's tiling headers bring
// (DequantSwigluQuant calls std::transform and names std::set after including only them).
#pragma once
#include <algorithm>
#include <array>
#include <set>

#include "graph/tensor.h"
#include "register/tilingdata_base.h"
#include "tiling/activation/sigmoid_tiling.h"
#include "tiling/matmul/matmul_tiling.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/reduce/mean_tiling.h"
#include "tiling/select/select_with_bytes_mask_tiling.h"
#include "tiling/softmax/softmax_tiling.h"
