// The modelled PyTorch-eager time of a case, the baseline of "speedup vs eager": each aten op the
// task's Model ran on the CPU (the golden manifest's eager_ops, python/akgen_oracle/eager_ops.py)
// is one kernel launch on the simulated SoC, costing launch overhead plus its roofline time over all
// cores (ascendc_sim::RooflineMicroseconds); the ops run one after another.
#pragma once
#include <optional>
#include <vector>

#include "bench/oracle/manifest.h"

namespace akgen::bench {

// nullopt when Model ran no op (it returned an input as it was): there is nothing to compare with.
std::optional<double> EagerMicroseconds(const std::vector<EagerOp>& ops);

}  // namespace akgen::bench
