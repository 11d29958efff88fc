// CANN's built-in aclnn APIs whose argument order is not the op's OpDef order (inputs, attributes,
// outputs). A task's pybind.cpp may call such an API instead of the generated aclnn<Op>: CANN's
// aclnn implementation then passes the arguments to the op in its own order, which the harness
// applies to the recorded call before mapping it positionally.
#pragma once
#include <string>

#include "bench/oracle/manifest.h"

namespace akgen::bench {

// The call with its arguments in the OpDef order of `opType`, and its results pointing at them;
// the call itself when `call.api` is not such an API for that op.
OpCall InOpDefOrder(const OpCall& call, const std::string& opType);

}  // namespace akgen::bench
