#include "fidelity_command.h"

#include <iostream>

#include "bench/fidelity/fidelity_check.h"

namespace akgen {

int Fidelity(const FidelityOptions& options) {
  bench::FidelityCheckOptions check;
  check.runDirs.assign(options.runDirs.begin(), options.runDirs.end());
  check.baseline = options.baseline;
  check.update = options.update;
  check.source = options.source;
  return bench::RunFidelityCheck(check, std::cout, std::cerr);
}

}  // namespace akgen
