// Decides whether a candidate's outputs for one case are correct: the task's custom_check_precision
// when it has one, otherwise NPUKernelBench's default rule over every output tensor; for a
// MultiKernelBench task, its allclose rule (allclose_rule.h).
#pragma once
#include <filesystem>
#include <vector>

#include "bench/compare/allclose_rule.h"
#include "bench/compare/default_rule.h"
#include "bench/oracle/manifest.h"
#include "bench/oracle/oracle.h"

namespace akgen::bench {

// Applies the default rule to each output tensor in order (tensor lists count element by element)
// and merges the results; a different number of tensors or a non-tensor output fails.
Comparison CompareOutputsWithDefaultRule(const std::vector<ManifestValue>& golden,
                                         const std::vector<ManifestValue>& candidate);

// MultiKernelBench's pairing: as many outputs as Model returns, each passing CompareWithAllclose.
Comparison CompareOutputsWithAllclose(const std::vector<ManifestValue>& golden,
                                      const std::vector<ManifestValue>& candidate, double tolerance);

// candidateDir holds a manifest.json with outputs in the oracle's format (see WriteTensor and
// WriteManifest). The custom checker runs through the python bridge; its verdict carries no
// element index or count.
// mkbTolerance is the allclose tolerance of MultiKernelBench tasks (request.referenceFile set).
Comparison CheckCase(const OracleConfig& config, const OracleRequest& request, const GoldenCase& golden,
                     const std::filesystem::path& candidateDir, double mkbTolerance = kMkbTolerance);

}  // namespace akgen::bench
