#include "kernel_test_support.h"

#include <random>

namespace simtest {

bool LaunchOutcome::HasKind(const std::string& kind) const {
  for (const auto& diagnostic : diagnostics) {
    if (diagnostic.kind == kind) return true;
  }
  return false;
}

std::string LaunchOutcome::Describe() const {
  std::string text = "status " + std::to_string(status);
  for (const auto& diagnostic : diagnostics) text += "\n  [" + diagnostic.kind + "] " + diagnostic.message;
  return text;
}

std::vector<float> RandomFloats(size_t count, float low, float high, uint32_t seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<float> distribution(low, high);
  std::vector<float> values(count);
  for (float& value : values) value = distribution(engine);
  return values;
}

}  // namespace simtest
