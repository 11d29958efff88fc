#include "instruction_record.h"

#include <algorithm>
#include <cmath>

#include "launch_cost.h"
#include "launch_state.h"

namespace ascendc_sim {
namespace {

constexpr uint64_t kRepeatBytes = 256;

struct CopyEngine {
  HwPipe pipe;
  double bytesPerCycle;
  bool touchesGm;
};

// Which data mover runs a copy, and its rate (reference §8).
CopyEngine EngineFor(const CopyEndpoint& dst, const CopyEndpoint& src, const CostTable& costs) {
  auto memoryOf = [](const CopyEndpoint& side) {
    Memory memory = Memory::kUnifiedBuffer;
    uint64_t offset = 0;
    CurrentBlock().Locate(side.local.address, 0, memory, offset);
    return memory;
  };
  if (src.global && dst.global) return {HwPipe::kMte2, costs.gmToUbBytesPerCycle, true};
  if (src.global) {
    return memoryOf(dst) == Memory::kL1 ? CopyEngine{HwPipe::kMte2, costs.gmToL1BytesPerCycle, true}
                                        : CopyEngine{HwPipe::kMte2, costs.gmToUbBytesPerCycle, true};
  }
  if (dst.global) return {HwPipe::kMte3, costs.ubToGmBytesPerCycle, true};
  if (memoryOf(src) == Memory::kL1) return {HwPipe::kMte1, costs.l1ToUbBytesPerCycle, false};
  if (memoryOf(dst) == Memory::kL1) return {HwPipe::kMte3, costs.l1ToUbBytesPerCycle, false};
  return {HwPipe::kVector, costs.ubToUbBytesPerCycle, false};  // UB to UB runs on the vector pipe
}

MemAccess SideAccess(const CopyEndpoint& side, uint64_t extent, bool write) {
  return side.global ? GlobalAccess(side.gm.address, extent, write) : OnChipAccess(side.local.address, extent, write);
}

}  // namespace

MemAccess OnChipAccess(const uint8_t* address, uint64_t bytes, bool write) {
  Memory memory = Memory::kUnifiedBuffer;
  uint64_t offset = 0;
  CurrentBlock().Locate(address, 0, memory, offset);
  return {uint8_t(memory), offset, offset + bytes, write};
}

MemAccess GlobalAccess(const uint8_t* address, uint64_t bytes, bool write) {
  const auto begin = uint64_t(reinterpret_cast<uintptr_t>(address));
  return {kGlobalSpace, begin, begin + bytes, write};
}

uint64_t CountRepeats(uint64_t count, uint32_t laneBytes) { return (count * laneBytes + kRepeatBytes - 1) / kRepeatBytes; }

void RecordVector(VecCost cost, uint32_t laneBytes, uint64_t repeats, const MemAccess* accesses, size_t count,
                  const Site& site) {
  const VecCostFigures& figures = CurrentLaunchCost().Costs().vector[size_t(cost)];
  const uint64_t perRepeat = laneBytes >= 4 ? figures.cyclesPerRepeat32 : figures.cyclesPerRepeat16;
  CurrentBlock().timeline.Issue(HwPipe::kVector, figures.fixedCycles + repeats * perRepeat, accesses, count, site);
}

void RecordCopy(const CopyEndpoint& dst, const CopyEndpoint& src, uint64_t bytes, uint32_t bursts, uint64_t srcExtent,
                uint64_t dstExtent, const Site& site) {
  const LaunchCost& launch = CurrentLaunchCost();
  const CostTable& costs = launch.Costs();
  const CopyEngine engine = EngineFor(dst, src, costs);
  const double rate = engine.touchesGm ? std::min(engine.bytesPerCycle, launch.GmShareBytesPerCycle()) : engine.bytesPerCycle;
  const uint64_t fixed = engine.pipe == HwPipe::kVector
                             ? costs.vector[size_t(VecCost::kSimple)].fixedCycles
                             : costs.dmaLatencyCycles + uint64_t(bursts > 1 ? bursts : 0) * costs.dmaBurstCycles;
  const MemAccess accesses[] = {SideAccess(src, srcExtent, false), SideAccess(dst, dstExtent, true)};
  PipeTimeline& timeline = CurrentBlock().timeline;
  timeline.Issue(engine.pipe, fixed + uint64_t(std::ceil(double(bytes) / rate)), accesses, 2, site);
  timeline.CountGmTraffic(src.global ? bytes : 0, dst.global ? bytes : 0);
}

void RecordGlobalFill(const GlobalRef& ref, uint64_t bytes, const Site& site) {
  const LaunchCost& launch = CurrentLaunchCost();
  const CostTable& costs = launch.Costs();
  const double rate = std::min(costs.ubToGmBytesPerCycle, launch.GmShareBytesPerCycle());
  const MemAccess access = GlobalAccess(ref.address, bytes, true);
  PipeTimeline& timeline = CurrentBlock().timeline;
  timeline.Issue(HwPipe::kMte3, costs.dmaLatencyCycles + uint64_t(std::ceil(double(bytes) / rate)), &access, 1, site);
  timeline.CountGmTraffic(0, bytes);
}

void RecordScalarAccess(const MemAccess& access, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  const uint64_t cycles = access.space == kGlobalSpace ? costs.scalarGmAccessCycles : costs.scalarUbAccessCycles;
  PipeTimeline& timeline = CurrentBlock().timeline;
  timeline.Issue(HwPipe::kScalar, cycles, &access, 1, site);
  if (access.space != kGlobalSpace) return;
  const uint64_t bytes = access.end - access.begin;
  timeline.CountGmTraffic(access.write ? 0 : bytes, access.write ? bytes : 0);
}

}  // namespace ascendc_sim
