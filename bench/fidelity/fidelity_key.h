// What the fidelity check compares: one listed case of one task, judged in one shape mode. A task's
// answer can pass case 3 in static mode (built for that case) and fail it in dynamic mode (one
// build for every case), so the mode is part of the key.
#pragma once
#include <compare>
#include <string>

#include "bench/task/shape_mode.h"

namespace akgen::bench {

struct FidelityKey {
  ShapeMode mode = ShapeMode::Static;
  std::string task;  // the record's key, `level2/Norm/RmsNorm`
  int caseId = 0;
  auto operator<=>(const FidelityKey&) const = default;
};

// `static level2/Norm/RmsNorm case 0`, as the check prints it.
std::string Describe(const FidelityKey& key);

}  // namespace akgen::bench
