// NPU-mode kernel files may define a host wrapper that launches the kernel with the NPU compiler's
// `kernel<<<blockDim, l2ctrl, stream>>>(args...)`. The harness compiles kernels in NPU mode
// (ASCENDC_CPU_DEBUG undefined), so that wrapper is compiled too, and g++ cannot parse the chevrons.
// The rewrite turns each launch into a call of the simulator's launcher
// (sim/include/ascendc_sim/chevron_launch.h) without moving any line.
#pragma once
#include <optional>
#include <string>

namespace akgen::bench {

// `source` with every `name<<<a, b, c>>>(` replaced by
// `::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(name), "name", a, b, c)(`, preceded by an include of the launcher and
// `#line 1 "<originalPath>"`, so compiler messages and diagnostics keep naming the original file and
// line. No value when `source` has no chevron launch outside comments and literals.
std::optional<std::string> RewriteChevronLaunches(const std::string& source, const std::string& originalPath);

}  // namespace akgen::bench
