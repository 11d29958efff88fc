// Pipe synchronisation and the all-core barrier.
#pragma once
#include "ascendc_sim/global_tensor.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {

template <pipe_t kPipe>
void PipeBarrier(const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::PipeBarrier(uint8_t(kPipe), ascendc_sim::MakeSite("PipeBarrier", location));
}
template <HardEvent kEvent>
void SetFlag(int32_t id, const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::SetFlag(uint8_t(kEvent), id, ascendc_sim::MakeSite("SetFlag", location));
}
template <HardEvent kEvent>
void WaitFlag(int32_t id, const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::WaitFlag(uint8_t(kEvent), id, ascendc_sim::MakeSite("WaitFlag", location));
}

template <bool kIsAivOnly = true>
void SyncAll(const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::SyncAllBlocks(ascendc_sim::MakeSite("SyncAll", location), kIsAivOnly);
}
// The software barrier through a zero-initialised GM workspace of at least blockNum*32 bytes.
template <bool kIsAivOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t usedCores = 0,
             const std::source_location location = std::source_location::current()) {
  const ascendc_sim::Site site = ascendc_sim::MakeSite("SyncAll", location);
  const int64_t cores = usedCores > 0 ? usedCores : ascendc_sim::rt::BlockNum();
  ascendc_sim::rt::CheckGlobal(gmWorkspace.SimRef(), uint64_t(cores) * 32u, ascendc_sim::Access::kWrite, site);
  ascendc_sim::rt::CheckLocal(ubWorkspace.SimRef(), 0, 32, ascendc_sim::Access::kWrite, site);
  ascendc_sim::rt::SyncAllBlocks(site, kIsAivOnly);
}

// Inter-core flags (A2 separated architecture; src/core_sync.cpp). Mode 0 synchronises all cores of
// the setter's kind, mode 1 the two vector cores of a block, mode 2 a block's cube core with its
// vector cores. The wait names only the flag ID.
template <uint8_t kModeId, pipe_t kPipe>
void CrossCoreSetFlag(uint16_t flagId, const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::CrossCoreSetFlag(kModeId, uint8_t(kPipe), flagId,
                                    ascendc_sim::MakeSite("CrossCoreSetFlag", location));
}
template <uint8_t kModeId = 0, pipe_t kPipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId, const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::CrossCoreWaitFlag(kModeId, flagId, ascendc_sim::MakeSite("CrossCoreWaitFlag", location));
}

// Data-cache maintenance has no effect on the simulator's coherent memory.
template <class T, CacheLine kLine, DcciDst kDst>
void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {}
template <class T, CacheLine kLine>
void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {}

}  // namespace AscendC
