// The element loop both comparison rules share (default_rule.h, allclose_rule.h): every element
// pair decoded to double, the largest finite errors kept, and the first bad elements described with
// both values, which is what a person or a model repairing a kernel needs to tell an offset, a
// missing tail or a wrong formula apart.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bench/compare/default_rule.h"
#include "bench/compare/element_value.h"

namespace akgen::bench {

// Whether one element pair passes; absError and relError are |expected - actual| and that over
// |expected| + 1e-7, computed in double.
using ElementCheck = std::function<bool(ElementValue expected, ElementValue actual, double absError, double relError)>;

// Compares tensors already known to have equal element counts and well-sized buffers. `failing`
// completes the reason: `<count> of <n> elements <failing>; first at index ...`.
Comparison CompareElements(const TensorData& reference, const TensorData& candidate, const ElementCheck& check,
                           const std::string& failing);

// Why the two buffers do not hold their shapes' elements, or "".
std::string BufferMismatch(const TensorData& reference, const TensorData& candidate);

std::string ShapeText(const std::vector<int64_t>& shape);
bool IsFinite(ElementValue value);
double Magnitude(ElementValue value);

}  // namespace akgen::bench
