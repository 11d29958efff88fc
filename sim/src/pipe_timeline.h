// One block's instruction stream as the AI core's pipes execute it. Every API call issues an
// instruction on a pipe (the scalar unit dispatches the others in program order); each pipe runs
// its instructions in order; queue handoffs, SetFlag/WaitFlag, PipeBarrier and SyncAll are the only
// edges between pipes. From that the timeline knows when each instruction starts and ends, and
// whether two accesses to the same bytes on different pipes are ordered: an unordered pair is a
// sync hazard. Ordering knowledge travels as vector clocks (access_history.h).
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "access_history.h"
#include "ascendc_sim/runtime.h"
#include "cost_table.h"
#include "launch_profile.h"

namespace ascendc_sim {

// Where an instruction reads or writes: an on-chip memory (a Memory value) or global memory.
inline constexpr uint8_t kGlobalSpace = 7;
struct MemAccess {
  uint8_t space = kGlobalSpace;
  uint64_t begin = 0;  // byte offset in the on-chip memory, or GM address
  uint64_t end = 0;
  bool write = false;
};

// The state one side of a queue handoff leaves behind (EnQue for DeQue, FreeTensor for AllocTensor).
struct Handoff {
  bool pending = false;
  uint64_t time = 0;
  PipeClock known{};
};

// A span of one pipe's activity, for the Chrome trace.
struct TimelineSegment {
  HwPipe pipe;
  uint64_t start;
  uint64_t end;
  const char* api;
  const char* file;
  uint32_t line;
};

// What a finished block contributes to its launch's profile.
struct BlockTimes {
  uint64_t end = 0;
  std::array<uint64_t, kHwPipeCount> busy{};
  uint64_t gmBytesRead = 0;
  uint64_t gmBytesReadFromL2 = 0;  // of gmBytesRead, what the L2 cache served
  uint64_t gmBytesWritten = 0;
  std::vector<TimelineSegment> segments;
  bool segmentsTruncated = false;
};

class PipeTimeline {
 public:
  PipeTimeline(const CostTable& costs, SyncMode mode, bool keepSegments);

  // The block's core is the cube core (AIC): it has L1, L0A/L0B/L0C, the bias table and the
  // fixpipe buffer; a vector core (AIV) has the Unified Buffer.
  void SetCubeCore(bool cube) { cubeCore_ = cube; }

  // An instruction costing `cycles` on `pipe` that touches `accesses`.
  void Issue(HwPipe pipe, uint64_t cycles, const MemAccess* accesses, size_t count, const Site& site);
  void CountGmTraffic(uint64_t read, uint64_t written, uint64_t readFromL2 = 0);

  void SetFlag(uint8_t event, int32_t id, const Site& site);
  void WaitFlag(uint8_t event, int32_t id, const Site& site);
  void Barrier(uint8_t pipe, const Site& site);  // a pipe_t value
  void Release(Handoff& handoff, HwPipe from, const Site& site);
  void Acquire(Handoff& handoff, HwPipe to, const Site& site);

  // CrossCoreSetFlag on `pipe`: returns when the other cores see it (the pipe's earlier work done).
  uint64_t SignalOtherCores(HwPipe pipe, const Site& site);
  // CrossCoreWaitFlag: the block's later instructions start once the signal at `time` arrived.
  void WaitForOtherCores(uint64_t time, const Site& site);

  // SyncAll: the block drains every pipe and arrives; all blocks resume at the latest arrival.
  uint64_t ArriveAtBarrier(const Site& site);
  void LeaveBarrier(uint64_t releaseTime);

  // At the kernel's end: a SetFlag never waited on, or a WaitFlag never set, is [unpaired-flag].
  void CheckFlagsPaired();
  BlockTimes Finish();

 private:
  struct PendingFlag {
    uint64_t time;
    PipeClock known;
    Site site;
  };
  // Vectors, not deques: an empty vector allocates nothing, and a block has 280 slots.
  struct FlagSlot {
    std::vector<PendingFlag> sets;  // oldest first
    std::vector<Site> unmatchedWaits;
  };

  // The kernel's own scalar code since the last instruction (scalar_code.h) runs on the scalar pipe.
  void ChargeScalarCode();
  // The scalar unit dispatches an instruction to `pipe`: the earliest cycle it can start there.
  uint64_t Dispatch(HwPipe pipe);
  void Occupy(HwPipe pipe, uint64_t start, uint64_t cycles, const Site& site);
  void Merge(HwPipe pipe, const PipeClock& known);
  // Orders the access after every earlier conflicting one, reporting each in strict mode.
  uint64_t ResolveConflicts(HwPipe pipe, uint64_t start, const MemAccess* accesses, size_t count, const Site& site);
  [[noreturn]] void ReportHazard(const Conflict& conflict, HwPipe pipe, const MemAccess& access, const Site& site);
  uint32_t InternSite(const Site& site);

  const CostTable& costs_;
  SyncMode mode_;
  bool keepSegments_;
  bool cubeCore_ = false;
  std::array<uint64_t, kHwPipeCount> ready_{};  // when each pipe can start its next instruction
  std::array<uint32_t, kHwPipeCount> seq_{};    // instructions issued per pipe
  std::array<PipeClock, kHwPipeCount> known_{}; // what each pipe's next instruction is ordered after
  std::array<IntervalHistory, kGlobalSpace + 1> memories_;  // the on-chip memories, then GM
  size_t pruneAt_ = 4096;  // global-memory intervals before the next prune
  std::vector<Site> sites_;
  std::map<std::tuple<const char*, uint32_t, const char*>, uint32_t> siteIndex_;
  std::vector<FlagSlot> flags_;  // HardEvent × 8 IDs
  BlockTimes times_;
};

}  // namespace ascendc_sim
