#include "bench/task/shape_mode.h"

namespace akgen::bench {

const char* ToString(ShapeMode mode) { return mode == ShapeMode::Dynamic ? "dynamic" : "static"; }

std::optional<ShapeMode> ParseShapeMode(std::string_view text) {
  if (text == "static") return ShapeMode::Static;
  if (text == "dynamic") return ShapeMode::Dynamic;
  return std::nullopt;
}

}  // namespace akgen::bench
