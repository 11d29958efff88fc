// The simulated SoC as host code sees it (core counts, memory sizes, bandwidths). Which SoC is
// simulated is a runtime setting: env AKGEN_SOC (default Ascend910B2) or SetSoc().
#pragma once
#include <cstdint>
#include <string>

namespace ascendc_sim::host {

enum class SocFamily : uint8_t { kAscend910B, kAscend910_93 };

struct SocSpec {
  const char* name;        // CANN's SoC version string, e.g. "Ascend910B2"
  const char* shortName;   // as in OpDef AddConfig, e.g. "ascend910b"
  SocFamily family;
  uint32_t aicNum;
  uint32_t aivNum;
  uint64_t ubBytes;
  uint64_t l1Bytes;
  uint64_t l0aBytes;
  uint64_t l0bBytes;
  uint64_t l0cBytes;
  uint64_t l2Bytes;
  uint64_t hbmBytes;
  uint64_t fbBytes;
  uint64_t btBytes;
  uint64_t l2BytesPerCycle;
  uint64_t hbmBytesPerCycle;
};

const SocSpec& CurrentSoc();
// Selects the SoC by CANN name; returns false (and keeps the current one) for an unknown name.
bool SetSoc(const std::string& name);
// The known names, comma-separated, for error messages.
std::string KnownSocNames();

}  // namespace ascendc_sim::host
