#include "bench/compare/default_rule.h"

#include <cmath>
#include <sstream>

#include "bench/compare/element_value.h"
#include "bench/oracle/manifest.h"

namespace akgen::bench {
namespace {

constexpr double kRelativeEpsilon = 1e-7;  // NPUKernelBench's guard against dividing by zero

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

bool IsFinite(ElementValue value) { return std::isfinite(value.real) && std::isfinite(value.imag); }

double Magnitude(ElementValue value) {
  return value.imag == 0 ? std::fabs(value.real) : std::hypot(value.real, value.imag);
}

std::string ValueText(ElementValue value) {
  std::ostringstream text;
  text.precision(9);
  text << value.real;
  if (value.imag != 0) text << (value.imag < 0 ? "" : "+") << value.imag << "i";
  return text.str();
}

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
  for (const TensorData* tensor : {&reference, &candidate}) {
    const size_t expected = static_cast<size_t>(ElementCount(tensor->shape)) * ElementSize(tensor->dtype);
    if (tensor->bytes.size() != expected)
      return std::string(tensor == &reference ? "reference" : "candidate") + " buffer holds " +
             std::to_string(tensor->bytes.size()) + " bytes; shape " + ShapeText(tensor->shape) + " needs " +
             std::to_string(expected);
  }
  return "";
}

}  // namespace

Comparison CompareWithDefaultRule(const TensorData& reference, const TensorData& candidate, Tolerance tolerance) {
  Comparison result;
  result.reason = LayoutMismatch(reference, candidate);
  if (!result.reason.empty()) {
    result.pass = false;
    return result;
  }
  const auto count = static_cast<size_t>(ElementCount(reference.shape));
  // The first few bad elements with both values: what a person or a model repairing the kernel
  // needs to tell an offset, a missing tail or a wrong formula apart.
  constexpr int64_t kShownElements = 4;
  std::string shown;
  for (size_t i = 0; i < count; ++i) {
    const ElementValue expected = ReadElement(reference.dtype, reference.bytes.data(), i);
    const ElementValue actual = ReadElement(candidate.dtype, candidate.bytes.data(), i);
    const bool finite = IsFinite(expected) && IsFinite(actual);
    const double absError = Magnitude({expected.real - actual.real, expected.imag - actual.imag});
    const double relError = absError / (Magnitude(expected) + kRelativeEpsilon);
    if (finite) {
      result.maxAbsError = std::max(result.maxAbsError, absError);
      result.maxRelError = std::max(result.maxRelError, relError);
    }
    if (finite && !(absError > tolerance.maxAbsError && relError > tolerance.maxRelError)) continue;
    if (result.badCount == 0) result.firstBadIndex = static_cast<int64_t>(i);
    if (result.badCount++ < kShownElements)
      shown += std::string(shown.empty() ? "" : "; index " + std::to_string(i) + ": ") + "expected " +
               ValueText(expected) + ", got " + ValueText(actual);
  }
  if (result.badCount > 0) {
    result.pass = false;
    result.reason = std::to_string(result.badCount) + " of " + std::to_string(count) +
                    " elements are non-finite or exceed both abs and rel tolerance; first at index " +
                    std::to_string(result.firstBadIndex) + ": " + shown;
  }
  return result;
}

}  // namespace akgen::bench
