#include "pipe_timeline.h"

#include <algorithm>

#include "diagnostics.h"
#include "launch_state.h"
#include "scalar_code.h"

namespace ascendc_sim {
namespace {

constexpr int32_t kEventIds = 8;
constexpr size_t kMaxSegments = size_t(1) << 21;  // per block; a longer timeline is cut short
constexpr size_t kMinPruneInterval = 4096;

struct EventPipes {
  HwPipe from;
  HwPipe to;
};

// HardEvent values in enums.h order: the pipe that sets the flag and the pipe that waits on it.
constexpr EventPipes kEventPipes[] = {
    {HwPipe::kMte2, HwPipe::kMte1},    {HwPipe::kMte1, HwPipe::kMte2},    {HwPipe::kMte1, HwPipe::kCube},
    {HwPipe::kCube, HwPipe::kMte1},    {HwPipe::kMte2, HwPipe::kVector},  {HwPipe::kVector, HwPipe::kMte2},
    {HwPipe::kMte3, HwPipe::kVector},  {HwPipe::kVector, HwPipe::kMte3},  {HwPipe::kCube, HwPipe::kVector},
    {HwPipe::kVector, HwPipe::kCube},  {HwPipe::kVector, HwPipe::kVector}, {HwPipe::kMte3, HwPipe::kMte1},
    {HwPipe::kMte1, HwPipe::kMte3},    {HwPipe::kMte1, HwPipe::kVector},  {HwPipe::kMte2, HwPipe::kCube},
    {HwPipe::kCube, HwPipe::kMte2},    {HwPipe::kVector, HwPipe::kMte1},  {HwPipe::kCube, HwPipe::kFixpipe},
    {HwPipe::kFixpipe, HwPipe::kCube}, {HwPipe::kMte3, HwPipe::kMte2},    {HwPipe::kMte2, HwPipe::kMte3},
    {HwPipe::kScalar, HwPipe::kVector}, {HwPipe::kVector, HwPipe::kScalar}, {HwPipe::kScalar, HwPipe::kMte2},
    {HwPipe::kMte2, HwPipe::kScalar},  {HwPipe::kScalar, HwPipe::kMte3},  {HwPipe::kMte3, HwPipe::kScalar},
    {HwPipe::kMte2, HwPipe::kFixpipe}, {HwPipe::kFixpipe, HwPipe::kMte2}, {HwPipe::kFixpipe, HwPipe::kScalar},
    {HwPipe::kCube, HwPipe::kScalar},  {HwPipe::kFixpipe, HwPipe::kMte3}, {HwPipe::kMte1, HwPipe::kFixpipe},
    {HwPipe::kFixpipe, HwPipe::kMte1}, {HwPipe::kFixpipe, HwPipe::kFixpipe},
};
static_assert(std::size(kEventPipes) == size_t(AscendC::HardEvent::MAX));

// HardEvent's name for a flag from one pipe to another, e.g. MTE2_V.
std::string EventName(HwPipe from, HwPipe to) { return std::string(HwPipeName(from)) + "_" + HwPipeName(to); }
std::string EventName(uint8_t event) { return EventName(kEventPipes[event].from, kEventPipes[event].to); }

const char* KindName(Conflict::Kind kind) {
  switch (kind) {
    case Conflict::Kind::kReadAfterWrite: return "read-after-write";
    case Conflict::Kind::kWriteAfterRead: return "write-after-read";
    case Conflict::Kind::kWriteAfterWrite: return "write-after-write";
  }
  return "";
}

const char* Verb(Conflict::Kind kind, bool later) {
  if (kind == Conflict::Kind::kWriteAfterWrite) return later ? "overwrites" : "wrote";
  if (kind == Conflict::Kind::kReadAfterWrite) return later ? "reads" : "wrote";
  return later ? "overwrites" : "read";
}

}  // namespace

const char* HwPipeName(HwPipe pipe) {
  static constexpr const char* kNames[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX"};
  return kNames[size_t(pipe)];
}

PipeTimeline::PipeTimeline(const CostTable& costs, SyncMode mode, bool keepSegments)
    : costs_(costs), mode_(mode), keepSegments_(keepSegments), flags_(size_t(AscendC::HardEvent::MAX) * kEventIds) {}

void PipeTimeline::ChargeScalarCode() {
  const uint64_t blocks = TakeKernelBasicBlocks();
  if (blocks == 0) return;
  static constexpr Site kScalarCode{"kernel code", 0, "scalar code"};
  Occupy(HwPipe::kScalar, ready_[size_t(HwPipe::kScalar)], blocks * costs_.scalarBlockCycles, kScalarCode);
}

uint64_t PipeTimeline::Dispatch(HwPipe pipe) {
  ChargeScalarCode();
  const size_t scalar = size_t(HwPipe::kScalar);
  if (pipe == HwPipe::kScalar) return ready_[scalar];
  const uint64_t issuedAt = ready_[scalar];
  ready_[scalar] += costs_.issueCycles;
  times_.busy[scalar] += costs_.issueCycles;
  // The scalar unit issues in program order: whatever it knew is ordered before this instruction.
  Merge(pipe, known_[scalar]);
  return std::max(ready_[size_t(pipe)], issuedAt);
}

void PipeTimeline::Merge(HwPipe pipe, const PipeClock& known) {
  PipeClock& mine = known_[size_t(pipe)];
  for (size_t i = 0; i < kHwPipeCount; ++i) mine[i] = std::max(mine[i], known[i]);
}

void PipeTimeline::Occupy(HwPipe pipe, uint64_t start, uint64_t cycles, const Site& site) {
  const size_t index = size_t(pipe);
  ready_[index] = start + cycles;
  times_.busy[index] += cycles;
  if (!keepSegments_ || cycles == 0) return;
  if (times_.segments.size() >= kMaxSegments) {
    times_.segmentsTruncated = true;
    return;
  }
  times_.segments.push_back({pipe, start, start + cycles, site.api, site.file, site.line});
}

uint32_t PipeTimeline::InternSite(const Site& site) {
  const auto key = std::make_tuple(site.file, site.line, site.api);
  const auto [it, inserted] = siteIndex_.emplace(key, uint32_t(sites_.size()));
  if (inserted) sites_.push_back(site);
  return it->second;
}

void PipeTimeline::ReportHazard(const Conflict& conflict, HwPipe pipe, const MemAccess& access, const Site& site) {
  const Site& earlier = sites_[conflict.stamp.site];
  const std::string where =
      access.space == kGlobalSpace
          ? Format("global memory at %p (%llu bytes)", reinterpret_cast<void*>(access.begin),
                   static_cast<unsigned long long>(access.end - access.begin))
          : Format("%s bytes [%llu, %llu)", Info(Memory(access.space)).name, static_cast<unsigned long long>(access.begin),
                   static_cast<unsigned long long>(access.end));
  const std::string event = EventName(conflict.pipe, pipe);
  RaiseError("sync-hazard", site,
             Format("%s on %s: %s (pipe %s) %s what %s (pipe %s) at %s:%u %s, and nothing orders the two pipes", KindName(conflict.kind),
                    where.c_str(), site.api, HwPipeName(pipe), Verb(conflict.kind, true), earlier.api,
                    HwPipeName(conflict.pipe), earlier.file, earlier.line, Verb(conflict.kind, false)),
             {Format("the earlier instruction: %s at %s:%u on pipe %s", earlier.api, earlier.file, earlier.line,
                     HwPipeName(conflict.pipe)),
              Format("order them with a queue (EnQue/DeQue), SetFlag/WaitFlag<HardEvent::%s>, or PipeBarrier<PIPE_ALL>; "
                     "a build with the compiler's automatic synchronisation (AKGEN_SIM_SYNC=auto) inserts it",
                     event.c_str())});
}

uint64_t PipeTimeline::ResolveConflicts(HwPipe pipe, uint64_t start, const MemAccess* accesses, size_t count,
                                        const Site& site) {
  for (size_t i = 0; i < count; ++i) {
    const MemAccess& access = accesses[i];
    ConflictSet conflicts;
    const PipeClock& known = known_[size_t(pipe)];
    memories_[access.space].Check(access.begin, access.end, pipe, access.write, known, conflicts);
    for (const Conflict& conflict : conflicts.Conflicts()) {
      if (mode_ == SyncMode::kStrict) ReportHazard(conflict, pipe, access, site);
      // The compiler's automatic synchronisation: a flag from the earlier pipe, waited on here.
      start = std::max(start, conflict.stamp.end + costs_.flagCycles);
      uint32_t& seen = known_[size_t(pipe)][size_t(conflict.pipe)];
      seen = std::max(seen, conflict.stamp.seq);
    }
  }
  return start;
}

void PipeTimeline::Issue(HwPipe pipe, uint64_t cycles, const MemAccess* accesses, size_t count, const Site& site) {
  for (size_t i = 0; i < count; ++i) {
    if (accesses[i].space == kGlobalSpace) continue;
    const Memory memory = Memory(accesses[i].space);
    if (cubeCore_ == (memory != Memory::kUnifiedBuffer)) continue;
    RaiseError("wrong-core", site,
               cubeCore_ ? Format("touches the Unified Buffer, which the cube core (AIC) does not have: vector "
                                  "instructions and UB copies run on the vector cores (guard them with ASCEND_IS_AIV)")
                         : Format("touches %s, which a vector core (AIV) does not have: the cube path (L1, L0A/L0B/L0C, "
                                  "bias table, fixpipe) runs on the cube core (guard it with ASCEND_IS_AIC)",
                                  Info(memory).name));
  }
  const size_t index = size_t(pipe);
  const uint64_t start = ResolveConflicts(pipe, Dispatch(pipe), accesses, count, site);
  Occupy(pipe, start, cycles, site);
  known_[index][index] = ++seq_[index];
  // Every later instruction of any pipe is dispatched by the scalar unit after this one, so a
  // scalar access can never be the unordered earlier side of a hazard: it needs no history. That
  // keeps GetValue/SetValue loops cheap.
  if (pipe == HwPipe::kScalar) return;
  const AccessStamp stamp{seq_[index], InternSite(site), ready_[index]};
  for (size_t i = 0; i < count; ++i) {
    const MemAccess& access = accesses[i];
    memories_[access.space].Record(access.begin, access.end, pipe, access.write, stamp);
  }
  IntervalHistory& global = memories_[kGlobalSpace];
  if (global.Size() > pruneAt_) {
    global.Prune(known_);
    pruneAt_ = std::max(kMinPruneInterval, 2 * global.Size());
  }
}

void PipeTimeline::CountGmTraffic(uint64_t read, uint64_t written, uint64_t readFromL2) {
  times_.gmBytesRead += read;
  times_.gmBytesReadFromL2 += readFromL2;
  times_.gmBytesWritten += written;
}

void PipeTimeline::SetFlag(uint8_t event, int32_t id, const Site& site) {
  const HwPipe from = kEventPipes[event].from;
  const uint64_t start = Dispatch(from);
  Occupy(from, start, costs_.flagCycles, site);
  FlagSlot& slot = flags_[size_t(event) * kEventIds + size_t(id)];
  if (!slot.unmatchedWaits.empty()) {  // a wait issued earlier in program order takes this set
    slot.unmatchedWaits.erase(slot.unmatchedWaits.begin());
    return;
  }
  slot.sets.push_back({ready_[size_t(from)], known_[size_t(from)], site});
}

void PipeTimeline::WaitFlag(uint8_t event, int32_t id, const Site& site) {
  const HwPipe to = kEventPipes[event].to;
  const uint64_t start = Dispatch(to);
  FlagSlot& slot = flags_[size_t(event) * kEventIds + size_t(id)];
  if (slot.sets.empty()) {
    slot.unmatchedWaits.push_back(site);
    Occupy(to, start, costs_.flagCycles, site);
    return;
  }
  const PendingFlag flag = slot.sets.front();
  slot.sets.erase(slot.sets.begin());
  Occupy(to, std::max(start, flag.time), costs_.flagCycles, site);
  Merge(to, flag.known);
}

void PipeTimeline::Barrier(uint8_t pipe, const Site& site) {
  ChargeScalarCode();
  if (pipe == uint8_t(PIPE_ALL)) {
    const uint64_t drained = *std::max_element(ready_.begin(), ready_.end());
    Occupy(HwPipe::kScalar, drained, costs_.flagCycles, site);
    PipeClock everything{};
    for (size_t i = 0; i < kHwPipeCount; ++i) everything[i] = seq_[i];
    Merge(HwPipe::kScalar, everything);
    return;
  }
  if (pipe == uint8_t(PIPE_S)) return;
  const HwPipe target = pipe == uint8_t(PIPE_FIX) ? HwPipe::kFixpipe : HwPipe(pipe);
  const bool vectorBusy = target == HwPipe::kVector && ready_[size_t(target)] > ready_[size_t(HwPipe::kScalar)];
  const uint64_t start = Dispatch(target);
  Occupy(target, start, vectorBusy ? costs_.vectorDrainCycles : costs_.flagCycles, site);
}

void PipeTimeline::Release(Handoff& handoff, HwPipe from, const Site& site) {
  Occupy(from, Dispatch(from), costs_.flagCycles, site);
  handoff = {true, ready_[size_t(from)], known_[size_t(from)]};
}

void PipeTimeline::Acquire(Handoff& handoff, HwPipe to, const Site& site) {
  const uint64_t start = Dispatch(to);
  if (!handoff.pending) return;  // a buffer's first use: nothing to wait for
  Occupy(to, std::max(start, handoff.time), costs_.flagCycles, site);
  Merge(to, handoff.known);
  handoff.pending = false;
}

uint64_t PipeTimeline::ArriveAtBarrier(const Site& site) {
  Barrier(uint8_t(PIPE_ALL), site);
  return ready_[size_t(HwPipe::kScalar)];
}

void PipeTimeline::LeaveBarrier(uint64_t releaseTime) {
  const Site site{"", 0, "SyncAll"};
  // Waiting for the other blocks is idle time, not work: only the barrier itself is busy.
  Occupy(HwPipe::kScalar, std::max(ready_[size_t(HwPipe::kScalar)], releaseTime), costs_.syncAllCycles, site);
}

uint64_t PipeTimeline::SignalOtherCores(HwPipe pipe, const Site& site) {
  Occupy(pipe, Dispatch(pipe), costs_.flagCycles, site);
  return ready_[size_t(pipe)];
}

void PipeTimeline::WaitForOtherCores(uint64_t time, const Site& site) {
  ChargeScalarCode();
  Occupy(HwPipe::kScalar, std::max(ready_[size_t(HwPipe::kScalar)], time), costs_.flagCycles, site);
}

void PipeTimeline::CheckFlagsPaired() {
  for (size_t index = 0; index < flags_.size(); ++index) {
    const FlagSlot& slot = flags_[index];
    if (slot.unmatchedWaits.empty() && slot.sets.empty()) continue;
    const std::string event = EventName(uint8_t(index / kEventIds));
    const int id = int(index % kEventIds);
    if (!slot.unmatchedWaits.empty()) {
      RaiseError("unpaired-flag", slot.unmatchedWaits.front(),
                 Format("WaitFlag<HardEvent::%s>(%d) is never matched by a SetFlag<HardEvent::%s>(%d); this would hang "
                        "on hardware",
                        event.c_str(), id, event.c_str(), id));
    }
    if (slot.sets.empty()) continue;
    std::string message = Format("SetFlag<HardEvent::%s>(%d) is never waited on before the kernel ends; pair it with "
                                 "a WaitFlag<HardEvent::%s>(%d)",
                                 event.c_str(), id, event.c_str(), id);
    if (mode_ == SyncMode::kStrict) RaiseError("unpaired-flag", slot.sets.front().site, std::move(message));
    RaiseWarning("unpaired-flag", slot.sets.front().site, std::move(message));
  }
}

BlockTimes PipeTimeline::Finish() {
  ChargeScalarCode();
  times_.end = *std::max_element(ready_.begin(), ready_.end());
  return std::move(times_);
}

}  // namespace ascendc_sim
