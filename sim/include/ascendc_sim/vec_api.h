// All vector APIs, one header per family as in CANN's kernel_operator_vec_*_intf.h.
#pragma once
#include "ascendc_sim/vec_binary.h"
#include "ascendc_sim/vec_scalar.h"
#include "ascendc_sim/vec_unary.h"
#include "ascendc_sim/vec_copy.h"
#include "ascendc_sim/vec_fill.h"
#include "ascendc_sim/vec_mask.h"
#include "ascendc_sim/vec_cast.h"
#include "ascendc_sim/vec_compare.h"
#include "ascendc_sim/vec_select.h"
#include "ascendc_sim/vec_gather.h"
#include "ascendc_sim/vec_reduce.h"
#include "ascendc_sim/tensor_operators.h"
