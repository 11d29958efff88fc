// What the cores of a launch share to synchronise with each other: the SyncAll barriers and the
// cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag) of the A2's separated architecture.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace ascendc_sim {

struct CoreSyncState {
  struct Barrier {
    uint32_t arrived = 0;
    uint64_t generation = 0;  // rises each time every participant has arrived
    uint64_t latest = 0;      // the latest arrival of the current generation
    uint64_t release = 0;     // when the last completed generation left
  };
  Barrier vectorCores;  // SyncAll<true>
  Barrier allCores;     // SyncAll<false>
  // A flag that counts only once every member of a group has set it (mode 0: all cores of one kind;
  // mode 1: the vector cores of a block; mode 2 from the vector side: the block's vector cores):
  // per (mode, group, flag), each member's set times not yet combined.
  std::map<std::tuple<uint8_t, uint64_t, uint16_t>, std::vector<std::deque<uint64_t>>> partialSets;
  // Per (receiving core, flag): the times its counter rose, not yet consumed by a wait.
  std::map<std::pair<uint32_t, uint16_t>, std::deque<uint64_t>> counters;
};

}  // namespace ascendc_sim
