// After a launch, the values ModelNew would return are views of tensors the runner wrote back; this
// cuts them out so the comparison reads candidate outputs in the golden manifest's format.
#pragma once
#include <filesystem>
#include <vector>

#include "bench/oracle/manifest.h"
#include "bench/runner/argument_mapping.h"

namespace akgen::bench {

// Writes runDir/output<i>.bin per result and runDir/manifest.json listing them. Throws
// std::runtime_error when a view reaches outside its tensor.
void WriteCandidateOutputs(const std::filesystem::path& runDir, const std::vector<ResultSource>& results,
                           OutputStructure structure);

}  // namespace akgen::bench
