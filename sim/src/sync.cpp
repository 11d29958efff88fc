// Pipe synchronisation calls: data work happens in program order, so they only validate their
// arguments and give the block's timeline its ordering edges.
#include "diagnostics.h"
#include "launch_state.h"

namespace ascendc_sim::rt {
namespace {

void CheckEvent(uint8_t event, int32_t id, const Site& site) {
  if (event >= uint8_t(AscendC::HardEvent::MAX)) RaiseError("bad-parameter", site, Format("HardEvent %u is invalid", event));
  if (id < 0 || id >= 8) RaiseError("bad-parameter", site, Format("event ID %d is outside [0, 8)", id));
}

}  // namespace

void SetFlag(uint8_t event, int32_t id, Site site) {
  CheckEvent(event, id, site);
  CurrentBlock().timeline.SetFlag(event, id, site);
}

void WaitFlag(uint8_t event, int32_t id, Site site) {
  CheckEvent(event, id, site);
  CurrentBlock().timeline.WaitFlag(event, id, site);
}

void PipeBarrier(uint8_t pipe, Site site) {
  if (pipe > uint8_t(PIPE_ALL) && pipe != uint8_t(PIPE_FIX)) {
    RaiseError("bad-parameter", site, Format("pipe %u is not a pipe_t value", pipe));
  }
  CurrentBlock().timeline.Barrier(pipe, site);
}

}  // namespace ascendc_sim::rt
