// SyncAll and the cross-core flags between the cores of a launch (core_sync.h).
//
// A flag ID is a counter on each core. CrossCoreSetFlag on a pipe raises the counters of the cores
// its mode names once that pipe's earlier work is done; CrossCoreWaitFlag(id) waits until the
// running core's counter is positive and takes one. Which counters a set raises:
//   mode 0: every core of the setter's kind, once all of them have set the flag;
//   mode 1: both vector cores of the block, once both have set it;
//   mode 2: from the cube core, each vector core of its block; from the vector cores, the block's
//           cube core, once every vector core of the block has set it.
#include "core_sync.h"

#include <algorithm>

#include "core_launch.h"
#include "diagnostics.h"
#include "launch_state.h"

namespace ascendc_sim::rt {
namespace {

constexpr uint16_t kFlagIds = 11;       // A2: flag IDs 0..10
constexpr size_t kMaxPendingSets = 16;  // a flag's counter can be set at most 16 times ahead of its waits

void CheckFlag(uint16_t flagId, const Site& site) {
  if (flagId >= kFlagIds)
    RaiseError("bad-parameter", site, Format("flagId %u is outside [0, %u]", flagId, kFlagIds - 1));
}

struct FlagRoute {
  std::vector<uint32_t> members;    // cores whose sets combine into one raise (by fiber)
  std::vector<uint32_t> receivers;  // cores whose counters rise
  uint64_t group = 0;
};

FlagRoute RouteOf(uint8_t mode, const CoreIdentity& self, const Site& site) {
  FlagRoute route;
  const std::vector<CoreIdentity> cores = LaunchCores();
  auto select = [&](auto keep) {
    std::vector<uint32_t> chosen;
    for (const CoreIdentity& core : cores)
      if (keep(core)) chosen.push_back(core.fiber);
    return chosen;
  };
  auto sameBlockVector = [&](const CoreIdentity& core) { return !core.cube && core.block == self.block; };
  switch (mode) {
    case 0:
      route.members = select([&](const CoreIdentity& core) { return core.cube == self.cube; });
      route.receivers = route.members;
      route.group = self.cube;
      break;
    case 1:
      if (self.cube) {
        RaiseError("bad-parameter", site,
                   "modeId 1 synchronises the vector cores of a block; the cube core (AIC) "
                   "cannot set it");
      }
      route.members = select(sameBlockVector);
      route.receivers = route.members;
      route.group = self.block;
      break;
    case 2:
      if (self.cube) {
        route.members = {self.fiber};
        route.receivers = select(sameBlockVector);
      } else {
        route.members = select(sameBlockVector);
        route.receivers = select([&](const CoreIdentity& core) { return core.cube && core.block == self.block; });
      }
      route.group = uint64_t(self.block) * 2 + self.cube;
      if (route.receivers.empty()) {
        RaiseError("bad-parameter", site,
                   self.cube ? "modeId 2 signals the block's vector cores, but this kernel runs its cube core alone "
                               "(KERNEL_TYPE_AIC_ONLY)"
                             : "modeId 2 signals the block's cube core, but this kernel runs no cube core: it was "
                               "built for the vector cores only, or declares a vector-only kernel type");
      }
      break;
    default:
      RaiseError("bad-parameter", site, Format("modeId %u is not 0, 1 or 2", mode));
  }
  return route;
}

void Raise(CoreSyncState& sync, const FlagRoute& route, uint16_t flagId, uint64_t time, const Site& site) {
  for (uint32_t receiver : route.receivers) {
    std::deque<uint64_t>& counter = sync.counters[{receiver, flagId}];
    if (counter.size() >= kMaxPendingSets) {
      const std::vector<CoreIdentity> cores = LaunchCores();
      const auto core =
          std::find_if(cores.begin(), cores.end(), [&](const CoreIdentity& c) { return c.fiber == receiver; });
      RaiseError("bad-parameter", site,
                 Format("flag %u of %s would be set a %zuth time before it waits for it; a flag's counter holds at "
                        "most %zu sets",
                        flagId, CoreLabel(*core).c_str(), counter.size() + 1, kMaxPendingSets));
    }
    counter.push_back(time);
  }
}

void ArriveAtBarrier(CoreSyncState::Barrier& barrier, size_t participants, const Site& site, const char* what) {
  BlockState& block = CurrentBlock();
  const uint64_t arrival = block.timeline.ArriveAtBarrier(site);
  barrier.latest = std::max(barrier.latest, arrival);
  if (++barrier.arrived == participants) {
    barrier.arrived = 0;
    barrier.release = barrier.latest;
    barrier.latest = 0;
    ++barrier.generation;
  } else {
    const uint64_t generation = barrier.generation;
    WaitUntil([&barrier, generation] { return barrier.generation != generation; }, site, what);
  }
  block.timeline.LeaveBarrier(barrier.release);
}

}  // namespace

void CrossCoreSetFlag(uint8_t mode, uint8_t pipe, uint16_t flagId, Site site) {
  CheckFlag(flagId, site);
  if (pipe == uint8_t(PIPE_S) || pipe == uint8_t(PIPE_ALL)) {
    RaiseError("bad-parameter", site,
               "CrossCoreSetFlag cannot be issued on PIPE_S or PIPE_ALL; name the pipe that "
               "wrote the data the other cores wait for (PIPE_MTE3 after a copy out, PIPE_FIX "
               "after a Fixpipe)");
  }
  const CoreIdentity& self = CurrentCore();
  const FlagRoute route = RouteOf(mode, self, site);
  const HwPipe issuer = pipe == uint8_t(PIPE_FIX) ? HwPipe::kFixpipe : HwPipe(pipe);
  const uint64_t time = CurrentBlock().timeline.SignalOtherCores(issuer, site);
  CoreSyncState& sync = CurrentCoreSync();
  std::vector<std::deque<uint64_t>>& partial = sync.partialSets[{mode, route.group, flagId}];
  partial.resize(route.members.size());
  const size_t member =
      size_t(std::find(route.members.begin(), route.members.end(), self.fiber) - route.members.begin());
  partial[member].push_back(time);
  if (std::any_of(partial.begin(), partial.end(), [](const auto& sets) { return sets.empty(); })) return;
  uint64_t raisedAt = 0;
  for (std::deque<uint64_t>& sets : partial) {
    raisedAt = std::max(raisedAt, sets.front());
    sets.pop_front();
  }
  Raise(sync, route, flagId, raisedAt, site);
}

void CrossCoreWaitFlag(uint8_t mode, uint16_t flagId, Site site) {
  (void)mode;  // the hardware wait names only the flag; the set's mode decided whose counter rose
  CheckFlag(flagId, site);
  CoreSyncState& sync = CurrentCoreSync();
  std::deque<uint64_t>& counter = sync.counters[{CurrentCore().fiber, flagId}];
  WaitUntil([&counter] { return !counter.empty(); }, site, Format("CrossCoreWaitFlag(%u)", flagId));
  const uint64_t time = counter.front();
  counter.pop_front();
  CurrentBlock().timeline.WaitForOtherCores(time, site);
}

void SyncAllBlocks(Site site, bool vectorOnly) {
  CoreSyncState& sync = CurrentCoreSync();
  const std::vector<CoreIdentity> cores = LaunchCores();
  if (vectorOnly && CurrentCore().cube) {
    RaiseError("bad-parameter", site,
               "SyncAll<true>() synchronises the vector cores only and cannot run on the cube "
               "core; use SyncAll<false>() to include the cube cores");
  }
  const size_t participants =
      vectorOnly ? size_t(std::count_if(cores.begin(), cores.end(), [](const CoreIdentity& c) { return !c.cube; }))
                 : cores.size();
  ArriveAtBarrier(vectorOnly ? sync.vectorCores : sync.allCores, participants, site, "SyncAll");
}

}  // namespace ascendc_sim::rt
