#include "bench/compare/elementwise.h"

#include <cmath>
#include <sstream>

#include "bench/oracle/manifest.h"

namespace akgen::bench {
namespace {

constexpr double kRelativeEpsilon = 1e-7;  // NPUKernelBench's guard against dividing by zero

std::string ValueText(ElementValue value) {
  std::ostringstream text;
  text.precision(9);
  text << value.real;
  if (value.imag != 0) text << (value.imag < 0 ? "" : "+") << value.imag << "i";
  return text.str();
}

}  // namespace

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

bool IsFinite(ElementValue value) { return std::isfinite(value.real) && std::isfinite(value.imag); }

double Magnitude(ElementValue value) {
  return value.imag == 0 ? std::fabs(value.real) : std::hypot(value.real, value.imag);
}

std::string BufferMismatch(const TensorData& reference, const TensorData& candidate) {
  for (const TensorData* tensor : {&reference, &candidate}) {
    const size_t expected = static_cast<size_t>(ElementCount(tensor->shape)) * ElementSize(tensor->dtype);
    if (tensor->bytes.size() != expected)
      return std::string(tensor == &reference ? "reference" : "candidate") + " buffer holds " +
             std::to_string(tensor->bytes.size()) + " bytes; shape " + ShapeText(tensor->shape) + " needs " +
             std::to_string(expected);
  }
  return "";
}

Comparison CompareElements(const TensorData& reference, const TensorData& candidate, const ElementCheck& check,
                           const std::string& failing) {
  Comparison result;
  const auto count = static_cast<size_t>(ElementCount(reference.shape));
  constexpr int64_t kShownElements = 4;
  std::string shown;
  for (size_t i = 0; i < count; ++i) {
    const ElementValue expected = ReadElement(reference.dtype, reference.bytes.data(), i);
    const ElementValue actual = ReadElement(candidate.dtype, candidate.bytes.data(), i);
    const double absError = Magnitude({expected.real - actual.real, expected.imag - actual.imag});
    const double relError = absError / (Magnitude(expected) + kRelativeEpsilon);
    if (IsFinite(expected) && IsFinite(actual)) {
      result.maxAbsError = std::max(result.maxAbsError, absError);
      result.maxRelError = std::max(result.maxRelError, relError);
    }
    if (check(expected, actual, absError, relError)) continue;
    if (result.badCount == 0) result.firstBadIndex = static_cast<int64_t>(i);
    if (result.badCount++ < kShownElements)
      shown += std::string(shown.empty() ? "" : "; index " + std::to_string(i) + ": ") + "expected " +
               ValueText(expected) + ", got " + ValueText(actual);
  }
  if (result.badCount > 0) {
    result.pass = false;
    result.reason = std::to_string(result.badCount) + " of " + std::to_string(count) + " elements " + failing +
                    "; first at index " + std::to_string(result.firstBadIndex) + ": " + shown;
  }
  return result;
}

}  // namespace akgen::bench
