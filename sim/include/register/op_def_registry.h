// OP_ADD(Cls): registers an op prototype class by name in the process-wide registry the host
// runtime reads (ascendc_sim/host/op_runtime.h). Like CANN's header it brings in the op
// definition, the runtime contexts and the standard headers op_host code relies on.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "register/op_def.h"
#include "register/op_impl_registry.h"

namespace ops {

using OpDefCreator = std::unique_ptr<OpDef> (*)(const char* opType);
bool RegisterOpDef(const char* opType, OpDefCreator creator);

}  // namespace ops

#define OP_ADD(op_type, ...)                                                                   \
  [[maybe_unused]] static const bool akgenOpDefRegistered_##op_type = ::ops::RegisterOpDef(    \
      #op_type, [](const char* name) -> std::unique_ptr<::ops::OpDef> { return std::make_unique<op_type>(name); });
