// Per-block, per-pipe timelines as Chrome trace JSON (chrome://tracing, ui.perfetto.dev): one
// process per launch, one thread per (core, pipe), one complete event per instruction.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "pipe_timeline.h"

namespace ascendc_sim {

struct PlacedBlock {
  int64_t index;
  uint32_t core;
  uint64_t startCycle;  // when its core started it
  const BlockTimes* times;
};

// Adds one launch to the trace file at `path` (rewritten whole, so it always holds valid JSON
// with every launch so far).
void AppendLaunchToTrace(const std::string& path, const std::string& kernel, double clockMhz,
                         const std::vector<PlacedBlock>& blocks);

}  // namespace ascendc_sim
