// The process-wide registries the op_host macros fill at static-initialisation time.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/host/tiling_layout.h"
#include "register/op_def.h"

namespace ascendc_sim::host {

// The OpDef instance for opType (created on first use), or null if OP_ADD never registered it.
const ops::OpDef* FindOpDef(const std::string& opType);
std::vector<std::string> OpDefNames();

// Every REGISTER_TILING_DATA_CLASS in registration order: (op type, layout function).
const std::vector<std::pair<std::string, TilingLayoutFunction>>& TilingDataClasses();

}  // namespace ascendc_sim::host
