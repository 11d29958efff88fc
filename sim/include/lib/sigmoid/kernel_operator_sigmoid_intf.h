// CANN install path of the Sigmoid header; kernel_operator.h declares it.
#pragma once
#include "kernel_operator.h"
