// CANN's error manager, as op_host code reports through it: REPORT_INNER_ERROR(code, format, ...)
// records an internal error under an error code (such as "89999") for the user. Here the report
// goes to stderr, where the harness shows it with a failed tiling or shape inference.
#pragma once
#include "error/ops_error.h"

#define REPORT_INNER_ERROR(errorCode, ...) ::ops::error::Report("E" errorCode, __VA_ARGS__)
