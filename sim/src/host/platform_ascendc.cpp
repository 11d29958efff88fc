// PlatformAscendC answers from the simulated SoC table.
#include "tiling/platform/platform_ascendc.h"

#include <map>
#include <memory>
#include <string>

#include "ascendc_sim/host/soc_spec.h"

namespace platform_ascendc {

using ascendc_sim::host::SocFamily;
using ascendc_sim::host::SocSpec;

PlatformAscendC::PlatformAscendC(fe::PlatFormInfos* platformInfo) : platformInfo_(platformInfo) {}

const SocSpec& PlatformAscendC::Soc() const {
  return platformInfo_ ? platformInfo_->Soc() : ascendc_sim::host::CurrentSoc();
}

uint32_t PlatformAscendC::GetCoreNum() const { return Soc().aivNum; }
uint32_t PlatformAscendC::GetCoreNumAic() const { return Soc().aicNum; }
uint32_t PlatformAscendC::GetCoreNumAiv() const { return Soc().aivNum; }

void PlatformAscendC::GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
  const SocSpec& soc = Soc();
  switch (memType) {
    case CoreMemType::L0_A: size = soc.l0aBytes; return;
    case CoreMemType::L0_B: size = soc.l0bBytes; return;
    case CoreMemType::L0_C: size = soc.l0cBytes; return;
    case CoreMemType::L1: size = soc.l1Bytes; return;
    case CoreMemType::L2: size = soc.l2Bytes; return;
    case CoreMemType::UB: size = soc.ubBytes - reservedUbBytes_; return;
    case CoreMemType::HBM: size = soc.hbmBytes; return;
    case CoreMemType::FB: size = soc.fbBytes; return;
    case CoreMemType::BT: size = soc.btBytes; return;
    case CoreMemType::RESERVED: size = 0; return;
  }
  size = 0;
}

// CANN reports bandwidth for L2 and HBM only, in bytes per cycle.
void PlatformAscendC::GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const {
  if (memType == CoreMemType::L2) {
    bwSize = Soc().l2BytesPerCycle;
  } else if (memType == CoreMemType::HBM) {
    bwSize = Soc().hbmBytesPerCycle;
  } else {
    bwSize = 0;
  }
}

SocVersion PlatformAscendC::GetSocVersion() const {
  return Soc().family == SocFamily::kAscend910_93 ? SocVersion::ASCEND910_93 : SocVersion::ASCEND910B;
}

// The system workspace AscendC's library APIs (SyncAll, Matmul) expect before the user's.
uint32_t PlatformAscendC::GetLibApiWorkSpaceSize() const { return 16 * 1024 * 1024; }

// On the split architecture one block pairs one AIC with aiv/aic AIVs when both are used.
uint32_t PlatformAscendC::CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
  if (aicCoreNum == 0 || aivCoreNum == 0 || aivCoreNum <= aicCoreNum) return sliceNum;
  const uint32_t ratio = aivCoreNum / aicCoreNum;
  return (sliceNum + ratio - 1) / ratio;
}

int64_t PlatformAscendC::ReserveLocalMemory(ReservedSize size) {
  static constexpr uint64_t kBytes[] = {8 * 1024, 16 * 1024, 32 * 1024};
  reservedUbBytes_ = kBytes[static_cast<int>(size)];
  return static_cast<int64_t>(Soc().ubBytes - reservedUbBytes_);
}

PlatformAscendC* PlatformAscendCManager::GetInstance() {
  static PlatformAscendC current(nullptr);
  return &current;
}

// A named SoC gets its own handle; an unknown name falls back to the current SoC.
PlatformAscendC* PlatformAscendCManager::GetInstance(const char* customSocVersion) {
  static std::map<std::string, std::pair<std::unique_ptr<fe::PlatFormInfos>, std::unique_ptr<PlatformAscendC>>> byName;
  const std::string name = customSocVersion ? customSocVersion : "";
  auto found = byName.find(name);
  if (found == byName.end()) {
    const SocSpec& previous = ascendc_sim::host::CurrentSoc();
    const bool known = ascendc_sim::host::SetSoc(name);
    auto info = std::make_unique<fe::PlatFormInfos>(ascendc_sim::host::CurrentSoc());
    if (known) ascendc_sim::host::SetSoc(previous.name);
    auto platform = std::make_unique<PlatformAscendC>(info.get());
    found = byName.emplace(name, std::make_pair(std::move(info), std::move(platform))).first;
  }
  return found->second.second.get();
}

}  // namespace platform_ascendc

namespace fe {

void PlatFormInfos::GetLocalMemSize(const LocalMemType& memType, uint64_t& size) const {
  if (memType == LocalMemType::RESERVED) {
    size = 0;
    return;
  }
  const platform_ascendc::PlatformAscendC platform(const_cast<PlatFormInfos*>(this));
  platform.GetCoreMemSize(static_cast<platform_ascendc::CoreMemType>(memType), size);
}

}  // namespace fe
