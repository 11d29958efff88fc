// platform_ascendc::PlatformAscendC: core counts and memory sizes of the SoC a tiling function
// runs for, from a PlatFormInfos handle or, for kernel-direct launches, the manager's instance.
#pragma once
#include <cstdint>

#include "platform/platform_info.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };
enum class SocVersion { ASCEND910 = 0, ASCEND910B, ASCEND310P, ASCEND310B, ASCEND910_93, ASCEND910_95, RESERVED_VERSION = 99999 };
enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
 public:
  PlatformAscendC() = delete;
  // A null handle (no platform given) means the current simulated SoC.
  explicit PlatformAscendC(fe::PlatFormInfos* platformInfo);

  uint32_t GetCoreNum() const;  // vector cores on the split A2/A3 architecture
  uint32_t GetCoreNumAic() const;
  uint32_t GetCoreNumAiv() const;
  uint32_t GetCoreNumVector() const { return 0; }  // no separate vector cores on A2/A3
  void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const;
  void GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const;
  SocVersion GetSocVersion() const;
  uint32_t GetLibApiWorkSpaceSize() const;
  uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
  int64_t ReserveLocalMemory(ReservedSize size);
  fe::PlatFormInfos* GetPlatFormInfo() const { return platformInfo_; }

 private:
  const ascendc_sim::host::SocSpec& Soc() const;

  fe::PlatFormInfos* platformInfo_;
  uint64_t reservedUbBytes_ = 0;
};

class PlatformAscendCManager {
 public:
  static PlatformAscendC* GetInstance();
  static PlatformAscendC* GetInstance(const char* customSocVersion);
};

}  // namespace platform_ascendc
