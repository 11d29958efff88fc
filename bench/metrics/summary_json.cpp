#include "bench/metrics/summary_json.h"

#include <fstream>
#include <stdexcept>

namespace akgen::bench {
namespace {

nlohmann::json OptionalNumber(const std::optional<double>& value) { return value ? nlohmann::json(*value) : nullptr; }

nlohmann::json SpeedupJson(const SpeedupMetrics& speedup) {
  nlohmann::json fastP = nlohmann::json::object();
  for (const auto& [p, fraction] : speedup.fastP) fastP[FastPName(p)] = fraction;
  return {{"problems", speedup.problems},
          {"timed_problems", speedup.timedProblems},
          {"untimed_correct_problems", speedup.untimedProblems},
          {"timed_units", speedup.timedUnits},
          {"geometric_mean", OptionalNumber(speedup.geometricMean)},
          {"fast_p", fastP}};
}

nlohmann::json GroupJson(const GroupMetrics& group) {
  const StageCounts& counts = group.counts;
  nlohmann::json json = {{"units", counts.units},
                         {"problems", group.problems},
                         {"parse_pass", counts.parsed},
                         {"compile_pass", counts.compiled},
                         {"precision_pass", counts.correct},
                         {"parse_rate", counts.ParseRate()},
                         {"compile_rate", counts.CompileRate()},
                         {"correctness_rate", counts.CorrectnessRate()},
                         {"pass_at_k", nlohmann::json::object()},
                         {"verdicts", nlohmann::json::object()}};
  if (counts.incomplete > 0) json["incomplete"] = counts.incomplete;
  for (const auto& [k, average] : group.passAtK) {
    json["pass_at_k"][std::to_string(k)] = {{"value", average.value}, {"problems", average.problems}};
  }
  for (const auto& [verdict, count] : group.verdicts) json["verdicts"][ToString(verdict)] = count;
  json["speedup"] = nlohmann::json::object();
  for (const auto& [baseline, speedup] : group.speedups) json["speedup"][ToString(baseline)] = SpeedupJson(speedup);
  return json;
}

nlohmann::json ProblemJson(const ProblemRow& row) {
  nlohmann::json json = {{"task", row.task},
                         {"op_definition", row.OpDefinition()},
                         {"level", row.level},
                         {"case", nullptr},
                         {"total_samples", row.samples},
                         {"parse_pass", row.parsed},
                         {"compile_pass", row.compiled},
                         {"precision_pass", row.correct}};
  if (row.caseId) json["case"] = *row.caseId;
  if (row.incomplete > 0) json["incomplete"] = row.incomplete;
  if (row.fastest) {
    json["simulated_us"] = OptionalNumber(row.fastest->simulatedUs);
    json["eager_us"] = OptionalNumber(row.fastest->eagerUs);
    json["reference_us"] = OptionalNumber(row.fastest->referenceUs);
    json["speedup_vs_eager"] = OptionalNumber(row.fastest->SpeedupVsEager());
    json["speedup_vs_reference"] = OptionalNumber(row.fastest->SpeedupVsReference());
  }
  return json;
}

nlohmann::json ScoreJson(const BenchScore& score) {
  nlohmann::json weights = nlohmann::json::object();
  for (const auto& [level, weight] : score.weights) weights["level" + std::to_string(level)] = weight;
  return {{"npukernelbench", score.npuKernelBench},
          {"renormalised", score.renormalised},
          {"weights", weights},
          {"unweighted_levels", score.unweightedLevels}};
}

}  // namespace

nlohmann::json SummaryJson(const Metrics& metrics) {
  nlohmann::json levels = nlohmann::json::object();
  for (const auto& [level, group] : metrics.levels) levels["level" + std::to_string(level)] = GroupJson(group);
  nlohmann::json categories = nlohmann::json::object();
  for (const auto& [category, group] : metrics.categories) categories[category] = GroupJson(group);
  nlohmann::json problems = nlohmann::json::array();
  for (const ProblemRow& row : metrics.problems) problems.push_back(ProblemJson(row));
  return {{"shape_mode", ToString(metrics.shapeMode)},
          {"timing_only", metrics.hasTimedOnly},
          {"records", metrics.records},
          {"overall", GroupJson(metrics.overall)},
          {"levels", levels},
          {"categories", categories},
          {"score", ScoreJson(metrics.score)},
          {"failure_taxonomy", metrics.failureClasses},
          {"extra_cases",
           {{"records", metrics.extraCaseRecords}, {"units_failing_only_extra_cases", metrics.failsOnlyExtraCases}}},
          {"problems", problems}};
}

void WriteSummary(const std::filesystem::path& outDir, const Metrics& metrics, const nlohmann::json& extra) {
  const std::filesystem::path file = outDir / kSummaryFileName;
  const std::filesystem::path temporary = outDir / (std::string(kSummaryFileName) + ".tmp");
  {
    std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
    nlohmann::json summary = SummaryJson(metrics);
    summary.update(extra);
    stream << summary.dump(2) << '\n';
    if (!stream.flush()) {
      throw std::runtime_error(temporary.string() + ": cannot write the summary; check the output directory");
    }
  }
  std::filesystem::rename(temporary, file);
}

}  // namespace akgen::bench
