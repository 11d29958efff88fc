// sin, cos, tan, asin, acos and atan (docs/dsl.md "Primitives"): composites of f32 vector calls
// over the statement's scratch, two to four operand-sized intermediates.
#pragma once
#include <string>
#include <vector>

#include "craft/check/primitives.h"

namespace akgen::craft::lower {

// The calls writing d = f(x) over n elements; `capacity` is an intermediate's elements and
// `region` its bytes, 32-byte aligned.
std::vector<std::string> TrigonometricLines(Primitive primitive, const std::string& d, const std::string& x,
                                            const std::string& n, const std::string& capacity, const std::string& region);

}  // namespace akgen::craft::lower
