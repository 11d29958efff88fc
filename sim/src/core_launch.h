// The cores of the running launch as the scheduler (launch.cpp) exposes them to the runtime's
// synchronisation: who the running core is, which cores exist, and how a core waits for others.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

// One simulated core: the cube core (AIC) of a block or one of its vector cores (AIV).
struct CoreIdentity {
  bool cube = false;
  uint32_t block = 0;  // the block (AI core) it belongs to
  uint32_t sub = 0;    // a vector core's index within its block; 0 for the cube core
  uint32_t fiber = 0;  // its place in the launch, which also indexes its cost
};

const CoreIdentity& CurrentCore();
// The cores of the launch, block by block (cube core first).
std::vector<CoreIdentity> LaunchCores();
uint32_t VectorCoresPerBlock();
// How diagnostics name a core: "block 3" in a vector-only launch, "AIC of block 1", "AIV 0 of block 1".
std::string CoreLabel(const CoreIdentity& core);
std::string CurrentCoreLabelOrNone();

// Suspends the running core until `ready()` holds; the scheduler resumes it to check again after
// the other cores ran. `what` names the wait in a deadlock report.
void WaitUntil(const std::function<bool()>& ready, const Site& site, const std::string& what);
// Lets the other running cores go ahead (at a DMA reading GM); the scheduler resumes this core next round.
void YieldToOtherCores();

struct CoreSyncState;
CoreSyncState& CurrentCoreSync();

}  // namespace ascendc_sim
