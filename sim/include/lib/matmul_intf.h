// CANN's Matmul header (kernel side); kernel_operator.h does not bring it in, as in CANN.
#pragma once
#include "ascendc_sim/adv_api/matmul.h"
