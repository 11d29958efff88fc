// NPUKernelBench's `-test_mode`: a global switch, not a property of a task.
// Static: a candidate is specialised for one case and judged on that case alone.
// Dynamic: one candidate must handle every case of the task; it passes only if all cases pass.
#pragma once
#include <optional>
#include <string_view>

namespace akgen::bench {

enum class ShapeMode { Static, Dynamic };

const char* ToString(ShapeMode mode);                            // `static` / `dynamic`
std::optional<ShapeMode> ParseShapeMode(std::string_view text);  // the inverse

}  // namespace akgen::bench
