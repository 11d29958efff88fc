#include "bench/compare/default_rule.h"

#include "bench/compare/elementwise.h"

namespace akgen::bench {
namespace {

std::vector<int64_t> WithoutUnitDims(const std::vector<int64_t>& shape) {
  std::vector<int64_t> kept;
  for (int64_t extent : shape)
    if (extent != 1) kept.push_back(extent);
  return kept;
}

// Why two tensors cannot be compared element by element, or "" when they can. NPUKernelBench
// subtracts the tensors with torch broadcasting and type promotion, so dtypes may differ and shapes
// may differ in dimensions of size 1 ([1] against [], [n, 1] against [n]).
std::string LayoutMismatch(const TensorData& reference, const TensorData& candidate) {
  if (reference.shape != candidate.shape && WithoutUnitDims(reference.shape) != WithoutUnitDims(candidate.shape))
    return "shape " + ShapeText(candidate.shape) + " differs from the expected " + ShapeText(reference.shape);
  return BufferMismatch(reference, candidate);
}

}  // namespace

Comparison CompareWithDefaultRule(const TensorData& reference, const TensorData& candidate, Tolerance tolerance) {
  Comparison result;
  result.reason = LayoutMismatch(reference, candidate);
  if (!result.reason.empty()) {
    result.pass = false;
    return result;
  }
  return CompareElements(
      reference, candidate,
      [&](ElementValue expected, ElementValue actual, double absError, double relError) {
        return IsFinite(expected) && IsFinite(actual) &&
               !(absError > tolerance.maxAbsError && relError > tolerance.maxRelError);
      },
      "are non-finite or exceed both abs and rel tolerance");
}

}  // namespace akgen::bench
