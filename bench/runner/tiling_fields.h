// The tiling a host function computed, by field name: the raw tiling bytes the kernel received,
// read through the layout of the tiling class the runner reported (runner_protocol.h,
// TilingOutcome::tilingLayout). Evaluation records keep it (`details.tiling`), so a dataset can
// state a tiling value the host code really computed for a case.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace akgen::bench {

// {"field": value, …} in declaration order: integers and floating-point numbers by their C++ type,
// arrays as lists, nested tiling classes as objects. A field the bytes do not cover, or of a type
// that is neither, is null. Null for a null layout.
nlohmann::ordered_json TilingFieldValues(const nlohmann::json& layout, const std::vector<uint8_t>& bytes);

}  // namespace akgen::bench
