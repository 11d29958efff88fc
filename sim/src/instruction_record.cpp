#include "instruction_record.h"

#include <algorithm>
#include <cmath>

#include "core_launch.h"
#include "global_memory.h"
#include "launch_cost.h"
#include "launch_state.h"

namespace ascendc_sim {
namespace {

struct CopyEngine {
  HwPipe pipe;
  double bytesPerCycle;
};

// Which data mover runs a copy between the two sides, and its rate (reference §8).
CopyEngine EngineFor(const MemAccess& dst, const MemAccess& src, const CostTable& costs) {
  const bool fromGm = src.space == kGlobalSpace, toGm = dst.space == kGlobalSpace;
  if (fromGm) return {HwPipe::kMte2, dst.space == uint8_t(Memory::kL1) ? costs.gmToL1BytesPerCycle : costs.gmToUbBytesPerCycle};
  if (toGm) return {HwPipe::kMte3, costs.ubToGmBytesPerCycle};
  if (src.space == uint8_t(Memory::kL1)) return {HwPipe::kMte1, costs.l1ToUbBytesPerCycle};
  if (dst.space == uint8_t(Memory::kL1)) return {HwPipe::kMte3, costs.l1ToUbBytesPerCycle};
  return {HwPipe::kVector, costs.ubToUbBytesPerCycle};  // UB to UB runs on the vector pipe
}

MemAccess SideAccess(const CopyEndpoint& side, uint64_t extent, bool write) {
  return side.global ? GlobalAccess(side.gm.address, extent, write) : OnChipAccess(side.local.address, extent, write);
}

// The bytes of a DMA's GM reads that the L2 cache serves. Each GM access brings its lines into L2;
// a copy of `bursts` > 1 moves them evenly spread over its one GM side's extent, as strided copies do.
uint64_t ReadFromL2(const MemAccess* accesses, size_t count, uint64_t gmRead, uint64_t gmWritten, uint32_t bursts) {
  L2Cache& l2 = CurrentLaunchCost().L2();
  uint64_t lines = 0, resident = 0;
  for (size_t i = 0; i < count; ++i) {
    const MemAccess& access = accesses[i];
    if (access.space != kGlobalSpace || access.end <= access.begin) continue;
    const uint64_t extent = access.end - access.begin;
    const uint64_t moved = std::min(extent, access.write ? gmWritten : gmRead);
    const uint64_t runs = bursts > 1 && moved > 0 ? bursts : 1;
    const uint64_t runBytes = runs > 1 ? (moved + runs - 1) / runs : extent;
    const uint64_t stride = runs > 1 ? (extent - runBytes) / (runs - 1) : 0;
    const L2Cache::Touch touch = l2.Access(access.begin, runBytes, runs, stride);
    if (access.write) continue;
    lines += touch.lines;
    resident += touch.resident;
  }
  return lines == 0 ? 0 : uint64_t(double(gmRead) * double(resident) / double(lines));
}

// Moves `bytes` on the engine after `fixedCycles`. A transfer that reads or writes GM runs at no more
// than the core's share of HBM (for reads, shared with the cores that miss L2 too), or of L2 for the
// reads L2 serves; its GM bytes are counted.
void IssueTransfer(const CopyEngine& engine, uint64_t fixedCycles, uint64_t bytes, const MemAccess* accesses,
                   size_t count, uint64_t gmRead, uint64_t gmWritten, const Site& site, uint32_t bursts = 1) {
  LaunchCost& launch = CurrentLaunchCost();
  const bool touchesGm = gmRead + gmWritten > 0;
  const uint64_t fromL2 = touchesGm ? ReadFromL2(accesses, count, gmRead, gmWritten, bursts) : 0;
  const double hbmShare = gmRead > 0
                              ? launch.HbmShareForRead(CurrentCore().fiber, double(gmRead - fromL2) / double(gmRead))
                              : launch.GmShareBytesPerCycle();
  const double rate = touchesGm ? std::min(engine.bytesPerCycle, hbmShare) : engine.bytesPerCycle;
  const double l2Rate = std::min(engine.bytesPerCycle, launch.L2ShareBytesPerCycle());
  PipeTimeline& timeline = CurrentBlock().timeline;
  const double moving = double(bytes - std::min(bytes, fromL2)) / rate + double(fromL2) / l2Rate;
  timeline.Issue(engine.pipe, fixedCycles + uint64_t(std::ceil(moving)), accesses, count, site);
  timeline.CountGmTraffic(gmRead, gmWritten, fromL2);
  if (gmRead > 0) YieldToOtherCores();
}

}  // namespace

MemAccess OnChipAccess(const uint8_t* address, uint64_t bytes, bool write) {
  Memory memory = Memory::kUnifiedBuffer;
  uint64_t offset = 0;
  CurrentBlock().Locate(address, 0, memory, offset);
  return {uint8_t(memory), offset, offset + bytes, write};
}

MemAccess GlobalAccess(const uint8_t* address, uint64_t bytes, bool write) {
  const uint64_t begin = DeviceAddress(address);
  return {kGlobalSpace, begin, begin + bytes, write};
}

void RecordVector(VecCost cost, uint32_t laneBytes, uint64_t repeats, const MemAccess* accesses, size_t count,
                  const Site& site) {
  const VecCostFigures& figures = CurrentLaunchCost().Costs().vector[size_t(cost)];
  const uint64_t perRepeat = laneBytes >= 4 ? figures.cyclesPerRepeat32 : figures.cyclesPerRepeat16;
  CurrentBlock().timeline.Issue(HwPipe::kVector, figures.fixedCycles + repeats * perRepeat, accesses, count, site);
}

void RecordVectorPass(VecCost cost, uint32_t laneBytes, uint64_t elements, const MemAccess* accesses, size_t count,
                      const Site& site) {
  constexpr uint64_t kRepeatBytes = 256;
  RecordVector(cost, laneBytes, (elements * laneBytes + kRepeatBytes - 1) / kRepeatBytes, accesses, count, site);
}

void RecordCopy(const CopyEndpoint& dst, const CopyEndpoint& src, uint64_t bytes, uint32_t bursts, uint64_t srcExtent,
                uint64_t dstExtent, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  const MemAccess accesses[] = {SideAccess(src, srcExtent, false), SideAccess(dst, dstExtent, true)};
  const CopyEngine engine = EngineFor(accesses[1], accesses[0], costs);
  const uint64_t fixed = engine.pipe == HwPipe::kVector
                             ? costs.vector[size_t(VecCost::kSimple)].fixedCycles
                             : costs.dmaLatencyCycles + uint64_t(bursts > 1 ? bursts : 0) * costs.dmaBurstCycles;
  IssueTransfer(engine, fixed, bytes, accesses, 2, src.global ? bytes : 0, dst.global ? bytes : 0, site, bursts);
}

void RecordMatmul(const MemAccess* reads, size_t readCount, uint64_t readBytes, uint64_t fractalSteps,
                  const MemAccess& write, uint64_t writtenBytes, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  PipeTimeline& timeline = CurrentBlock().timeline;
  timeline.Barrier(uint8_t(PIPE_ALL), site);
  IssueTransfer({HwPipe::kMte2, costs.gmToL1BytesPerCycle}, costs.dmaLatencyCycles, readBytes, reads, readCount,
                readBytes, 0, site);
  timeline.Barrier(uint8_t(PIPE_ALL), site);
  timeline.Issue(HwPipe::kCube, costs.cubeHeadCycles + fractalSteps, nullptr, 0, site);
  timeline.Barrier(uint8_t(PIPE_ALL), site);
  IssueTransfer({HwPipe::kFixpipe, costs.fixpipeToGmBytesPerCycle}, costs.dmaLatencyCycles, writtenBytes, &write, 1, 0,
                writtenBytes, site);
  timeline.Barrier(uint8_t(PIPE_ALL), site);
}

void RecordCubeLoad(const MemAccess& read, const MemAccess& write, uint64_t bytes, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  const double rate = write.space == uint8_t(Memory::kL0B) ? costs.l1ToL0bBytesPerCycle : costs.l1ToL0aBytesPerCycle;
  const MemAccess accesses[] = {read, write};
  IssueTransfer({HwPipe::kMte1, rate}, costs.l1ToL0LatencyCycles, bytes, accesses, 2, 0, 0, site);
}

void RecordMmad(const MemAccess* accesses, size_t count, uint64_t steps, bool fp32, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  const uint64_t perStep = fp32 ? costs.cubeFp32CyclesPerStep : 1;
  CurrentBlock().timeline.Issue(HwPipe::kCube, costs.cubeHeadCycles + steps * perStep, accesses, count, site);
}

void RecordFixpipe(const MemAccess& read, const MemAccess& write, uint64_t bytes, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  const MemAccess accesses[] = {read, write};
  const bool toGm = write.space == kGlobalSpace;
  const uint64_t fixed = toGm ? costs.dmaLatencyCycles : costs.l1ToL0LatencyCycles;
  IssueTransfer({HwPipe::kFixpipe, costs.fixpipeToGmBytesPerCycle}, fixed, bytes, accesses, 2, 0, toGm ? bytes : 0,
                site);
}

void RecordGlobalFill(const GlobalRef& ref, uint64_t bytes, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  const MemAccess access = GlobalAccess(ref.address, bytes, true);
  IssueTransfer({HwPipe::kMte3, costs.ubToGmBytesPerCycle}, costs.dmaLatencyCycles, bytes, &access, 1, 0, bytes, site);
}

void RecordScalarAccess(const MemAccess& access, const Site& site) {
  const CostTable& costs = CurrentLaunchCost().Costs();
  BlockState& block = CurrentBlock();
  uint64_t cycles = costs.scalarUbAccessCycles;
  if (access.space == kGlobalSpace) {
    // One access of many lines (the tiling struct's copy) streams them: one round trip, then each
    // further line at the GM read rate. A loop of small accesses waits a round trip per line.
    const uint64_t misses = block.dataCache.Touch(access.begin, access.end - access.begin);
    cycles = costs.scalarGmAccessCycles;
    if (misses > 0)
      cycles += costs.scalarGmMissCycles +
                uint64_t(double((misses - 1) * costs.dataCacheLineBytes) / costs.gmToUbBytesPerCycle + 0.5);
  }
  PipeTimeline& timeline = block.timeline;
  timeline.Issue(HwPipe::kScalar, cycles, &access, 1, site);
  if (access.space != kGlobalSpace) return;
  const uint64_t bytes = access.end - access.begin;
  timeline.CountGmTraffic(access.write ? 0 : bytes, access.write ? bytes : 0);
}

}  // namespace ascendc_sim
