// Checks what a project-level trace says about a case's tiling against what the host code really
// computed: the trace must end with a `<tiling>` block stating the block count and every scalar
// tiling field, and every `field = value` (or `field: value`, `field is value`) it states anywhere
// must agree with the recorded value. A trace that fails is rejected, so no training target teaches
// a tiling value the code does not compute.
#pragma once
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace akgen::data {

struct TilingClaimCheck {
  size_t stated = 0;                  // values stated and compared
  std::vector<std::string> problems;  // empty: the trace agrees with the host code
};

// `tiling`: the recorded fields (bench/runner/tiling_fields.h). Integers must match exactly;
// floating-point values to a relative 1e-5 (a float printed with fewer digits still agrees).
TilingClaimCheck CheckTilingClaims(const std::string& trace, uint32_t blockDim, const nlohmann::json& tiling);

}  // namespace akgen::data
