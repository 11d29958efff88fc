// CrossCoreSetFlag / CrossCoreWaitFlag in mode 0, the all-vector-core synchronisation. Each flag
// ID is a counter: a core's counter rises once every core has set the flag, and its wait consumes
// one. The simulator runs this as the all-core barrier at the wait, with the set recorded first:
// a wait returns when every block has reached its matching wait, which on hardware it may do a
// little earlier (once every block has *set*), never later in any way a correct kernel can see.
#include "diagnostics.h"
#include "launch_state.h"

namespace ascendc_sim::rt {
namespace {

constexpr uint16_t kFlagIds = 11;  // A2: flag IDs 0..10
constexpr uint8_t kMaxPendingSets = 15;  // a flag's counter holds at most 15 (16 sets overflow it)

void CheckCall(uint8_t mode, uint16_t flagId, const Site& site) {
  if (flagId >= kFlagIds) RaiseError("bad-parameter", site, Format("flagId %u is outside [0, %u]", flagId, kFlagIds - 1));
  if (mode > 2) RaiseError("bad-parameter", site, Format("modeId %u is not 0, 1 or 2", mode));
  if (mode != 0) {
    RaiseError("unsupported", site,
               Format("modeId %u synchronises the cores inside one AI core (vector with vector or with cube); the "
                      "simulator runs vector blocks only and supports mode 0, all-core synchronisation",
                      mode));
  }
}

}  // namespace

void CrossCoreSetFlag(uint8_t mode, uint8_t pipe, uint16_t flagId, Site site) {
  CheckCall(mode, flagId, site);
  if (pipe == uint8_t(PIPE_S) || pipe == uint8_t(PIPE_ALL)) {
    RaiseError("bad-parameter", site, "CrossCoreSetFlag cannot be issued on PIPE_S or PIPE_ALL; name the pipe that "
                                      "wrote the data the other cores wait for (PIPE_MTE3 after a copy out)");
  }
  uint8_t& pending = CurrentBlock().pendingAllCoreSets[flagId];
  if (pending >= kMaxPendingSets) {
    RaiseError("bad-parameter", site, Format("flag %u was set %u times without a CrossCoreWaitFlag; its counter "
                                             "holds at most %u",
                                             flagId, pending + 1u, kMaxPendingSets));
  }
  ++pending;
}

void CrossCoreWaitFlag(uint8_t mode, uint16_t flagId, Site site) {
  CheckCall(mode, flagId, site);
  uint8_t& pending = CurrentBlock().pendingAllCoreSets[flagId];
  if (pending == 0) {
    RaiseError("deadlock", site, Format("CrossCoreWaitFlag(%u) in mode 0 with no CrossCoreSetFlag<0> of this core "
                                        "before it: the counter never rises and the core would hang on hardware",
                                        flagId));
  }
  --pending;
  SyncAllBlocks(site);
}

}  // namespace ascendc_sim::rt
