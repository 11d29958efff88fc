#include "gen/generation/round_report.h"

#include "bench/report/decimals.h"
#include "bench/report/text_table.h"

namespace akgen::gen {
namespace {

std::string Fixed(double value) { return bench::Decimals(value, 3); }

// fast_p at p = 1 against the task's answer: the share of problems with a correct sample strictly
// faster than the hand-written kernel.
std::optional<double> FastOne(const bench::GroupMetrics& group) {
  const auto speedups = group.speedups.find(bench::Baseline::Reference);
  if (speedups == group.speedups.end()) return std::nullopt;
  const auto fast = speedups->second.fastP.find(1.0);
  if (fast == speedups->second.fastP.end()) return std::nullopt;
  return fast->second;
}

}  // namespace

std::string RoundTable(const std::vector<RoundMetrics>& rounds) {
  if (rounds.empty()) return "";
  bench::TextTable table;
  table.headers = {"round", "samples", "parse", "compile", "correct"};
  const std::map<int, bench::PassAtKAverage>& lastPassAtK = rounds.back().metrics.overall.passAtK;
  for (const auto& [k, average] : lastPassAtK) table.headers.push_back("pass@" + std::to_string(k));
  table.headers.push_back("fast_1");
  for (const RoundMetrics& round : rounds) {
    const bench::StageCounts& counts = round.metrics.overall.counts;
    std::vector<std::string> row = {std::to_string(round.round), std::to_string(round.samplesGenerated),
                                    Fixed(counts.ParseRate()), Fixed(counts.CompileRate()),
                                    Fixed(counts.CorrectnessRate())};
    for (const auto& [k, unused] : lastPassAtK) {
      const auto found = round.metrics.overall.passAtK.find(k);
      row.push_back(found == round.metrics.overall.passAtK.end() ? "" : Fixed(found->second.value));
    }
    const std::optional<double> fast = FastOne(round.metrics.overall);
    row.push_back(fast ? Fixed(*fast) : "");
    table.rows.push_back(std::move(row));
  }
  return "after each round (every sample's latest candidate):\n" + bench::RenderGrid(table);
}

nlohmann::ordered_json RoundsJson(const std::vector<RoundMetrics>& rounds) {
  nlohmann::ordered_json json = nlohmann::ordered_json::array();
  for (const RoundMetrics& round : rounds) {
    const bench::StageCounts& counts = round.metrics.overall.counts;
    nlohmann::ordered_json passAtK = nlohmann::ordered_json::object();
    for (const auto& [k, average] : round.metrics.overall.passAtK) passAtK[std::to_string(k)] = average.value;
    const std::optional<double> fast = FastOne(round.metrics.overall);
    json.push_back({{"round", round.round},
                    {"samples_generated", round.samplesGenerated},
                    {"units", counts.units},
                    {"parse_rate", counts.ParseRate()},
                    {"compile_rate", counts.CompileRate()},
                    {"correct_rate", counts.CorrectnessRate()},
                    {"pass_at_k", passAtK},
                    {"fast_1_reference", fast ? nlohmann::ordered_json(*fast) : nlohmann::ordered_json()}});
  }
  return json;
}

}  // namespace akgen::gen
