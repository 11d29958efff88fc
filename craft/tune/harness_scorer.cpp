#include "craft/tune/harness_scorer.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "bench/metrics/geometric_mean.h"
#include "bench/results/results_file.h"
#include "bench/task/evaluation_unit.h"
#include "craft/program_files.h"
#include "craft/solutions/dsl_samples.h"

namespace akgen::craft {
namespace {

namespace fs = std::filesystem;

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string FirstError(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& diagnostic : diagnostics)
    if (diagnostic.severity == Severity::Error) return diagnostic.message + " [" + diagnostic.kind + "]";
  return "";
}

CandidateScore ScoreOf(const CandidateRecord& record) {
  if (!record.passed) return {CandidateStatus::Rejected, 0};
  return {CandidateStatus::Scored, record.geomeanUs};
}

}  // namespace

std::string MicrosecondsText(double microseconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", microseconds);
  return text;
}

HarnessScorer::HarnessScorer(HarnessScorerSetup setup, std::ostream& progress)
    : setup_(std::move(setup)), progress_(progress), workRoot_(bench::FreshWorkRoot()) {
  setup_.eval.solutions = SamplesRoot().string();
  setup_.eval.filter = bench::TaskFilter{{}, {}, {setup_.task->Key()}};
  setup_.eval.workDir = workRoot_;
  const bench::EvaluationPlan plan =
      bench::PlanEvaluation(*setup_.task, {bench::Candidate{}}, setup_.eval.shapeMode, setup_.eval.cases);
  if (!plan.problem.empty()) throw std::runtime_error(setup_.task->Key() + ": " + plan.problem);
  for (const bench::EvaluationUnit& unit : plan.units)
    caseIds_.insert(caseIds_.end(), unit.caseIds.begin(), unit.caseIds.end());
  ReadExistingSamples();
}

HarnessScorer::~HarnessScorer() {
  std::error_code ignored;
  fs::remove_all(workRoot_, ignored);
}

fs::path HarnessScorer::SamplesRoot() const { return setup_.eval.outDir / "samples"; }

fs::path HarnessScorer::TaskSamples() const { return SamplesRoot() / setup_.task->Key(); }

void HarnessScorer::ReadExistingSamples() {
  for (const bench::Candidate& candidate : bench::SampleCandidates(SamplesRoot(), *setup_.task)) {
    nextSample_ = std::max(nextSample_, candidate.sample + 1);
    const fs::path copy = candidate.directory / kSampleProgramFolder / setup_.programFile.filename();
    if (fs::exists(copy)) sampleOfText_.emplace(ReadProgram(copy), candidate.sample);
  }
}

int HarnessScorer::SampleFor(const std::string& text) {
  if (const auto found = sampleOfText_.find(text); found != sampleOfText_.end()) return found->second;
  const int sample = nextSample_++;
  WriteDslSample(text, setup_.programFile, TaskSamples() / ("sample" + std::to_string(sample)), setup_.task);
  sampleOfText_.emplace(text, sample);
  return sample;
}

std::vector<CandidateScore> HarnessScorer::Score(const std::vector<KnobSetting>& settings) {
  std::vector<std::string> texts;
  std::vector<Pending> pending;
  for (const KnobSetting& setting : settings) {
    const std::string text = RewriteProgram(setup_.source, setup_.knobs, setting);
    texts.push_back(text);
    if (byText_.count(text) ||
        std::any_of(pending.begin(), pending.end(), [&](const Pending& p) { return p.text == text; }))
      continue;
    const std::string error = FirstError(Check(text, setup_.programFile.string()).diagnostics);
    if (!error.empty()) {
      CandidateRecord rejected{setting, -1, false, {}, 0, "the checker rejects it: " + error};
      Report(rejected);
      byText_.emplace(text, std::move(rejected));
      continue;
    }
    if (evaluated_ >= setup_.maxCandidates) continue;
    ++evaluated_;
    pending.push_back({setting, text, SampleFor(text)});
  }
  if (!pending.empty()) {
    const std::map<bench::RecordKey, bench::ResultRecord> records = EvaluateSamples(pending);
    for (const Pending& candidate : pending) {
      CandidateRecord record = Judge(candidate.setting, candidate.sample, records);
      Report(record);
      byText_.emplace(candidate.text, std::move(record));
    }
  }
  std::vector<CandidateScore> scores;
  for (const std::string& text : texts) {
    const auto found = byText_.find(text);
    scores.push_back(found == byText_.end() ? CandidateScore{CandidateStatus::OverBudget, 0} : ScoreOf(found->second));
  }
  return scores;
}

std::map<bench::RecordKey, bench::ResultRecord> HarnessScorer::EvaluateSamples(const std::vector<Pending>& pending) {
  MakeReadableByAll(SamplesRoot());
  std::ofstream log(setup_.eval.outDir / "harness.log", std::ios::app);
  const bench::EvalOutcome outcome = bench::Evaluate(setup_.eval, log);
  std::map<bench::RecordKey, bench::ResultRecord> records;
  for (bench::ResultRecord& record : bench::LoadResults(setup_.eval.outDir / bench::kResultsFileName).records)
    records[record.Key()] = std::move(record);
  for (const Pending& candidate : pending) {
    for (int caseId : caseIds_) {
      if (records.count({setup_.task->Key(), candidate.sample, caseId})) continue;
      std::string message = setup_.task->Key() + " sample" + std::to_string(candidate.sample) + " case" +
                            std::to_string(caseId) + " was not evaluated";
      for (const std::string& problem : outcome.problems) message += "\n  " + problem;
      throw std::runtime_error(message);
    }
  }
  return records;
}

CandidateRecord HarnessScorer::Judge(const KnobSetting& setting, int sample,
                                     const std::map<bench::RecordKey, bench::ResultRecord>& records) const {
  CandidateRecord candidate{setting, sample, false, {}, 0, ""};
  bench::GeometricMean geomean;
  for (int caseId : caseIds_) {
    const bench::ResultRecord& record = records.at({setup_.task->Key(), sample, caseId});
    const nlohmann::json& details = record.details;
    if (record.verdict != bench::Verdict::Pass) {
      std::string why = details.value("reason", details.value("detail", std::string()));
      candidate.rejection = std::string(bench::ToString(record.verdict)) + " on case " + std::to_string(caseId) +
                            (why.empty() ? "" : ": " + FirstLine(why));
      return candidate;
    }
    if (!details.contains("simulated_us")) {
      candidate.rejection = "no simulated time on case " + std::to_string(caseId);
      return candidate;
    }
    CaseTime time{details.at("simulated_us").get<double>(), std::nullopt};
    if (details.contains("reference_us")) time.answerUs = details.at("reference_us").get<double>();
    geomean.Add(time.simulatedUs);
    candidate.cases[caseId] = time;
  }
  candidate.passed = true;
  candidate.geomeanUs = *geomean.Value();
  return candidate;
}

void HarnessScorer::Report(const CandidateRecord& record) {
  progress_ << (record.sample < 0 ? std::string("  -") : "  sample" + std::to_string(record.sample)) << "  "
            << DescribeSetting(setup_.knobs, record.setting) << ": "
            << (record.passed ? MicrosecondsText(record.geomeanUs) + " us" : "rejected: " + record.rejection) << '\n'
            << std::flush;
}

const CandidateRecord& HarnessScorer::RecordOf(const KnobSetting& setting) const {
  return byText_.at(RewriteProgram(setup_.source, setup_.knobs, setting));
}

size_t HarnessScorer::Rejected() const {
  return std::count_if(byText_.begin(), byText_.end(), [](const auto& entry) { return !entry.second.passed; });
}

}  // namespace akgen::craft
