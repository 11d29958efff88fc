// CANN install path of a high-level math API header; kernel_operator.h declares them all.
#pragma once
#include "kernel_operator.h"
