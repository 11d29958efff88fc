#include "bench/fidelity/fidelity_key.h"

namespace akgen::bench {

std::string Describe(const FidelityKey& key) {
  return std::string(ToString(key.mode)) + " " + key.task + " case " + std::to_string(key.caseId);
}

}  // namespace akgen::bench
