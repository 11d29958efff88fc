#include "bench/eval/eager_time.h"

#include "launch_profile.h"

namespace akgen::bench {

std::optional<double> EagerMicroseconds(const std::vector<EagerOp>& ops) {
  if (ops.empty()) return std::nullopt;
  double microseconds = 0;
  for (const EagerOp& op : ops) microseconds += ascendc_sim::RooflineMicroseconds({op.gmBytes, op.vectorBytes, op.cubeFlops});
  return microseconds;
}

}  // namespace akgen::bench
