#include "bench/compare/case_check.h"

#include <algorithm>
#include <functional>
#include <sstream>

#include "bench/oracle/oracle_error.h"

namespace akgen::bench {
namespace {

// Output tensors in order, with the items of tensor lists in place of the list.
std::vector<const ManifestValue*> FlatTensors(const std::vector<ManifestValue>& outputs, std::string& problem) {
  std::vector<const ManifestValue*> tensors;
  for (const ManifestValue& output : outputs) {
    if (output.kind == ValueKind::Tensor)
      tensors.push_back(&output);
    else if (output.kind == ValueKind::TensorList)
      for (const ManifestValue& item : output.items) tensors.push_back(&item);
    else if (problem.empty())
      problem = "output '" + output.name + "' is not a tensor; the default rule compares tensors";
  }
  return tensors;
}

Comparison Failure(std::string reason) {
  Comparison failure;
  failure.pass = false;
  failure.reason = std::move(reason);
  return failure;
}

void Merge(Comparison& total, const Comparison& part, const std::string& outputName) {
  total.maxAbsError = std::max(total.maxAbsError, part.maxAbsError);
  total.maxRelError = std::max(total.maxRelError, part.maxRelError);
  total.badCount += part.badCount;
  if (part.pass || !total.pass) return;
  total.pass = false;
  total.firstBadOutput = outputName;
  total.firstBadIndex = part.firstBadIndex;
  total.reason = "output '" + outputName + "': " + part.reason;
}

std::string Number(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

using TensorRule = std::function<Comparison(const TensorData& reference, const TensorData& candidate)>;

// The rule over every pair of output tensors; `pairs` of them (at most the shorter list's length).
Comparison ComparePairs(const std::vector<const ManifestValue*>& expected,
                        const std::vector<const ManifestValue*>& actual, size_t pairs, const TensorRule& rule) {
  if (pairs == 0) return Failure("no output tensors to compare");
  Comparison total;
  for (size_t i = 0; i < pairs; ++i) {
    const std::vector<std::byte> reference = ReadTensorBytes(*expected[i]);
    const std::vector<std::byte> result = ReadTensorBytes(*actual[i]);
    Merge(total, rule({expected[i]->dtype, expected[i]->shape, reference}, {actual[i]->dtype, actual[i]->shape, result}),
          expected[i]->name);
  }
  return total;
}

}  // namespace

Comparison CompareOutputsWithDefaultRule(const std::vector<ManifestValue>& golden,
                                         const std::vector<ManifestValue>& candidate) {
  std::string problem;
  const auto expected = FlatTensors(golden, problem);
  const auto actual = FlatTensors(candidate, problem);
  if (!problem.empty()) return Failure(problem);
  // Pairwise over the shorter list, as NPUKernelBench's check_precision zips Model's outputs with
  // ModelNew's. How many values ModelNew returns is the task's choice (the oracle notes a
  // difference), not the candidate's: its outputs are the tensors ModelNew's call returns.
  return ComparePairs(expected, actual, std::min(expected.size(), actual.size()),
                      [](const TensorData& reference, const TensorData& result) {
                        return CompareWithDefaultRule(reference, result);
                      });
}

Comparison CompareOutputsWithAllclose(const std::vector<ManifestValue>& golden,
                                      const std::vector<ManifestValue>& candidate, double tolerance) {
  std::string problem;
  const auto expected = FlatTensors(golden, problem);
  const auto actual = FlatTensors(candidate, problem);
  if (!problem.empty()) return Failure(problem);
  if (expected.size() != actual.size())
    return Failure("ModelNew returns a different number of tensors than Model (" + std::to_string(actual.size()) +
                   ", expected " + std::to_string(expected.size()) + ")");
  return ComparePairs(expected, actual, expected.size(), [tolerance](const TensorData& reference, const TensorData& result) {
    return CompareWithAllclose(reference, result, tolerance);
  });
}

Comparison CheckCase(const OracleConfig& config, const OracleRequest& request, const GoldenCase& golden,
                     const std::filesystem::path& candidateDir, double mkbTolerance) {
  if (!request.referenceFile.empty())
    return CompareOutputsWithAllclose(golden.manifest.outputs, ReadManifest(candidateDir).outputs, mkbTolerance);
  if (!golden.manifest.hasCustomChecker)
    return CompareOutputsWithDefaultRule(golden.manifest.outputs, ReadManifest(candidateDir).outputs);
  const CustomVerdict verdict = RunCustomCheck(config, request, golden.dir, candidateDir);
  Comparison result;
  result.pass = verdict.pass;
  result.maxAbsError = verdict.maxAbsDiff;
  result.maxRelError = verdict.maxRelDiff;
  if (verdict.pass) return result;
  result.reason = "custom_check_precision failed (max abs diff " + Number(verdict.maxAbsDiff) + ", max rel diff " +
                  Number(verdict.maxRelDiff) + ")";
  // The task's checker names no element. The default rule's tighter view of the same outputs does:
  // where the values differ, with both values — what a person or a model repairing it needs.
  // It informs the record only; the verdict stays the checker's.
  const Comparison strict = CompareOutputsWithDefaultRule(golden.manifest.outputs, ReadManifest(candidateDir).outputs);
  if (strict.badCount > 0) {
    result.firstBadOutput = strict.firstBadOutput;
    result.firstBadIndex = strict.firstBadIndex;
    result.badCount = strict.badCount;
    result.reason += "; beyond the default tolerance (1e-3 abs and rel): " + strict.reason;
  }
  return result;
}

}  // namespace akgen::bench
