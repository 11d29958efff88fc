// CANN's operator-source header for registering tiling templates. Op_host code includes it for
// what it brings along: the error macros, the tiling API, and ASCENDC_EXTERN_C, the linkage marker
// of tiling entry points (C linkage only in CANN's op unit tests). The template registry itself
// (REGISTER_TILING_TEMPLATE, TilingBaseClass) is not simulated.
#pragma once
#include "error/ops_error.h"
#include "tiling/tiling_api.h"

#ifndef ASCENDC_EXTERN_C
#define ASCENDC_EXTERN_C
#endif
