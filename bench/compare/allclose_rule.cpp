#include "bench/compare/allclose_rule.h"

#include <sstream>

#include "bench/compare/elementwise.h"

namespace akgen::bench {

Comparison CompareWithAllclose(const TensorData& reference, const TensorData& candidate, double tolerance) {
  Comparison result;
  if (reference.shape != candidate.shape)
    result.reason = "shape " + ShapeText(candidate.shape) + " differs from the expected " + ShapeText(reference.shape);
  else if (reference.dtype != candidate.dtype)
    result.reason = "dtype " + std::string(TorchDtypeName(candidate.dtype)) + " differs from the expected " +
                    std::string(TorchDtypeName(reference.dtype)) + " (torch.allclose refuses to compare them)";
  else
    result.reason = BufferMismatch(reference, candidate);
  if (!result.reason.empty()) {
    result.pass = false;
    return result;
  }
  if (reference.dtype == TorchDtype::Bool)
    return CompareElements(
        reference, candidate,
        [](ElementValue expected, ElementValue actual, double, double) { return expected.real == actual.real; },
        "differ (bool outputs must be equal)");
  std::ostringstream rule;
  rule << "are not allclose (atol = rtol = " << tolerance << ")";
  return CompareElements(
      reference, candidate,
      [tolerance](ElementValue expected, ElementValue actual, double absError, double) {
        if (expected.real == actual.real && expected.imag == actual.imag) return true;  // equal infinities too
        return IsFinite(expected) && IsFinite(actual) && absError <= tolerance + tolerance * Magnitude(actual);
      },
      rule.str());
}

}  // namespace akgen::bench
