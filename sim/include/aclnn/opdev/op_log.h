// CANN's operator log macros (aclnn/opdev/op_log.h), as op_host code uses them. Only
// OP_LOGE_WITHOUT_REPORT is provided: an error logged without going through the error manager,
// here on stderr. The answers define the other OP_LOG* macros themselves.
#pragma once
#include "error/ops_error.h"

#define OP_LOGE_WITHOUT_REPORT(opName, ...) ::ops::error::Report(opName, __VA_ARGS__)
