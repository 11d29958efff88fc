// The SoC table (figures from CANN's platform ini files for Atlas A2/A3) and the current choice.
#include "ascendc_sim/host/soc_spec.h"

#include <cstdlib>
#include <cstdio>
#include <string>

namespace ascendc_sim::host {
namespace {

constexpr uint64_t kKiB = 1024;
constexpr uint64_t kMiB = 1024 * kKiB;
constexpr uint64_t kGiB = 1024 * kMiB;

// name, short name, family, AIC, AIV, UB, L1, L0A, L0B, L0C, L2, HBM, FB, BT, L2 B/cycle, HBM B/cycle
constexpr SocSpec kSocs[] = {
    {"Ascend910B1", "ascend910b", SocFamily::kAscend910B, 24, 48, 192 * kKiB, 512 * kKiB, 64 * kKiB, 64 * kKiB,
     128 * kKiB, 192 * kMiB, 64 * kGiB, 2 * kKiB, 1 * kKiB, 110, 32},
    {"Ascend910B2", "ascend910b", SocFamily::kAscend910B, 24, 48, 192 * kKiB, 512 * kKiB, 64 * kKiB, 64 * kKiB,
     128 * kKiB, 192 * kMiB, 64 * kGiB, 2 * kKiB, 1 * kKiB, 110, 32},
    {"Ascend910B3", "ascend910b", SocFamily::kAscend910B, 20, 40, 192 * kKiB, 512 * kKiB, 64 * kKiB, 64 * kKiB,
     128 * kKiB, 192 * kMiB, 64 * kGiB, 2 * kKiB, 1 * kKiB, 110, 32},
    {"Ascend910B4", "ascend910b", SocFamily::kAscend910B, 20, 40, 192 * kKiB, 512 * kKiB, 64 * kKiB, 64 * kKiB,
     128 * kKiB, 96 * kMiB, 32 * kGiB, 2 * kKiB, 1 * kKiB, 110, 32},
    {"Ascend910_9391", "ascend910_93", SocFamily::kAscend910_93, 24, 48, 192 * kKiB, 512 * kKiB, 64 * kKiB,
     64 * kKiB, 128 * kKiB, 192 * kMiB, 64 * kGiB, 2 * kKiB, 1 * kKiB, 110, 32},
    {"Ascend910_9392", "ascend910_93", SocFamily::kAscend910_93, 24, 48, 192 * kKiB, 512 * kKiB, 64 * kKiB,
     64 * kKiB, 128 * kKiB, 192 * kMiB, 64 * kGiB, 2 * kKiB, 1 * kKiB, 110, 32},
};
constexpr const char* kDefaultSoc = "Ascend910B2";

const SocSpec* Find(const std::string& name) {
  for (const SocSpec& soc : kSocs) {
    if (name == soc.name) return &soc;
  }
  return nullptr;
}

const SocSpec* InitialSoc() {
  const char* fromEnv = std::getenv("AKGEN_SOC");
  if (fromEnv == nullptr || fromEnv[0] == '\0') return Find(kDefaultSoc);
  if (const SocSpec* soc = Find(fromEnv)) return soc;
  std::fprintf(stderr, "akgen-sim: AKGEN_SOC=%s is not a simulated SoC; use one of %s. Using %s.\n", fromEnv,
               KnownSocNames().c_str(), kDefaultSoc);
  return Find(kDefaultSoc);
}

const SocSpec*& Current() {
  static const SocSpec* current = InitialSoc();
  return current;
}

}  // namespace

const SocSpec& CurrentSoc() { return *Current(); }

bool SetSoc(const std::string& name) {
  const SocSpec* soc = Find(name);
  if (soc == nullptr) return false;
  Current() = soc;
  return true;
}

std::string KnownSocNames() {
  std::string names;
  for (const SocSpec& soc : kSocs) names += (names.empty() ? "" : ", ") + std::string(soc.name);
  return names;
}

}  // namespace ascendc_sim::host
