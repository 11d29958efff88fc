// fe::PlatFormInfos: the platform handle CANN gives tiling functions (GetPlatformInfo()). Here it
// names one simulated SoC.
#pragma once
#include <cstdint>

#include "ascendc_sim/host/soc_spec.h"

namespace fe {

enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

class PlatFormInfos {
 public:
  explicit PlatFormInfos(const ascendc_sim::host::SocSpec& soc) : soc_(&soc) {}
  const ascendc_sim::host::SocSpec& Soc() const { return *soc_; }
  uint32_t GetCoreNum() const { return soc_->aivNum; }
  void GetLocalMemSize(const LocalMemType& memType, uint64_t& size) const;

 private:
  const ascendc_sim::host::SocSpec* soc_;
};

}  // namespace fe
