#include "serve/batch_judge.h"

#include <algorithm>
#include <map>

#include "bench/common/content_hash.h"
#include "bench/metrics/failure_taxonomy.h"
#include "bench/metrics/unit_outcome.h"
#include "bench/results/results_file.h"
#include "bench/task/candidate.h"
#include "bench/task/mkb_tree.h"
#include "craft/program_files.h"
#include "craft/solutions/dsl_samples.h"
#include "gen/generation/candidate_folder.h"
#include "gen/prompt/repair_feedback.h"
#include "serve/evaluation_request.h"

namespace akgen::serve {
namespace {

namespace fs = std::filesystem;

const char* FormatName(gen::AnswerFormat format) {
  switch (format) {
    case gen::AnswerFormat::Full: return "full";
    case gen::AnswerFormat::KernelOnly: return "kernel_only";
    case gen::AnswerFormat::Dsl: return "dsl";
  }
  return "full";
}

struct WrittenCandidate {
  std::string parseProblem;
  std::string format;  // the answer format the candidate was read in; "files" for files
};

// Auto reads the response in each format in turn and keeps the first that yields a candidate; when
// none does, the full format's reason is the one reported.
WrittenCandidate WriteCandidate(const EvaluationRequest& request, const bench::Task& task, const fs::path& folder) {
  if (!request.files.empty()) {
    for (const auto& [path, text] : request.files) craft::WriteTextFile(folder / path, text);
    return {"", "files"};
  }
  const gen::Choice choice{request.response, request.reasoning, ""};
  std::vector<gen::AnswerFormat> formats;
  switch (request.format) {
    case ResponseFormat::Auto:
      formats = {gen::AnswerFormat::Full, gen::AnswerFormat::KernelOnly, gen::AnswerFormat::Dsl};
      break;
    case ResponseFormat::Full: formats = {gen::AnswerFormat::Full}; break;
    case ResponseFormat::KernelOnly: formats = {gen::AnswerFormat::KernelOnly}; break;
    case ResponseFormat::Dsl: formats = {gen::AnswerFormat::Dsl}; break;
  }
  gen::ParsedAnswer first;
  for (size_t i = 0; i < formats.size(); ++i) {
    gen::ParsedAnswer parsed = gen::ParseAnswer(choice, formats[i], task.kernelName);
    if (parsed.problem.empty()) {
      gen::WriteCandidateFolder(parsed, formats[i], task, folder);
      return {"", FormatName(formats[i])};
    }
    if (i == 0) first = std::move(parsed);
  }
  gen::WriteCandidateFolder(first, formats.front(), task, folder);
  return {first.problem, FormatName(formats.front())};
}

nlohmann::ordered_json Optional(const std::optional<double>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json Detail(const nlohmann::json& details, const char* key) {
  return details.contains(key) ? nlohmann::ordered_json(details.at(key)) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json CaseJson(const bench::ResultRecord& record) {
  nlohmann::ordered_json json = {{"case", record.caseId}};
  if (record.extraOf) json["extra_of"] = *record.extraOf;
  json["verdict"] = bench::ToString(record.verdict);
  const std::optional<std::string> failure = bench::FailureClass(record);
  json["failure_class"] = failure ? nlohmann::ordered_json(*failure) : nlohmann::ordered_json(nullptr);
  for (const char* key : {"simulated_us", "eager_us", "reference_us", "max_abs_error", "max_rel_error"})
    json[key] = Detail(record.details, key);
  return json;
}

// The earliest pipeline stage any case failed at, or pass; task_error cases count for nothing.
std::optional<bench::Verdict> JobVerdict(const std::vector<bench::ResultRecord>& records) {
  std::optional<bench::Verdict> verdict;
  for (const bench::ResultRecord& record : records) {
    if (record.verdict == bench::Verdict::TaskError) continue;
    if (!verdict || record.verdict < *verdict) verdict = record.verdict;
  }
  return verdict;
}

JudgedJob Failed(const std::string& id, const std::string& error) {
  return {id, JobState::Failed, {{"id", id}, {"status", "failed"}, {"error", error}}};
}

}  // namespace

std::vector<JudgedJob> JudgeBatch(const std::vector<Job>& jobs, SuiteCatalog& suites, const JudgeConfig& config,
                                  std::ostream& log) {
  std::vector<JudgedJob> judged;
  if (jobs.empty()) return judged;
  const fs::path batch = config.batchesDir / ("batch-" + jobs.front().id);
  fs::remove_all(batch);
  const fs::path samples = batch / "samples";

  struct Pending {
    std::string id;
    EvaluationRequest request;
    const bench::Task* task;
    int sample;
    WrittenCandidate written;
  };
  std::vector<Pending> pending;
  std::map<std::string, int> samplesOfTask;
  for (const Job& job : jobs) {
    try {
      EvaluationRequest request = ParseEvaluationRequest(job.request, suites);
      const bench::Task* task = suites.FindTask(request.suite, request.task);
      const int sample = samplesOfTask[request.task]++;
      const fs::path folder = samples / request.task / ("sample" + std::to_string(sample));
      fs::create_directories(folder);
      WrittenCandidate written = WriteCandidate(request, *task, folder);
      pending.push_back({job.id, std::move(request), task, sample, std::move(written)});
    } catch (const RequestError& error) {
      // A journal written by a server with other suites: the request no longer names a served task.
      judged.push_back(Failed(job.id, std::string("the request cannot be judged by this server: ") + error.what()));
    }
  }
  if (pending.empty()) return judged;
  craft::MakeReadableByAll(samples);

  const EvaluationRequest& settings = pending.front().request;
  bench::EvalOptions eval = config.eval;
  eval.suiteRoot = suites.FindSuite(settings.suite)->root;
  eval.solutions = samples.string();
  eval.shapeMode = bench::JudgedShapeMode(eval.suiteRoot, settings.shapeMode);
  eval.cases = settings.shapeMode == bench::ShapeMode::Static ? bench::CaseSelection::One(settings.caseId)
                                                               : bench::CaseSelection::Default();
  eval.extraCases = settings.extraCases;
  eval.referenceTimes = settings.reward.baseline == bench::Baseline::Reference;
  eval.outDir = batch;
  eval.stageEveryCandidate = true;  // each batch has fresh folders: a candidate seen before keeps its builds
  eval.filter = {};
  for (const auto& [task, count] : samplesOfTask) eval.filter.tasks.push_back(task);
  const bench::EvalOutcome outcome = bench::Evaluate(bench::WithAbsolutePaths(eval), log);

  std::map<std::pair<std::string, int>, std::vector<bench::ResultRecord>> bySample;
  for (bench::ResultRecord& record : bench::LoadResults(batch / bench::kResultsFileName).records)
    bySample[{record.task, record.sample}].push_back(std::move(record));
  for (const Pending& job : pending) {
    std::vector<bench::ResultRecord>& records = bySample[{job.request.task, job.sample}];
    std::sort(records.begin(), records.end(),
              [](const bench::ResultRecord& a, const bench::ResultRecord& b) { return a.caseId < b.caseId; });
    const std::optional<bench::Verdict> verdict = JobVerdict(records);
    if (!verdict) {
      std::string why = records.empty() ? "no case was judged" : "the task's own code fails on every case (task_error)";
      for (const std::string& problem : outcome.problems) why += "; " + problem;
      judged.push_back(Failed(job.id, why));
      continue;
    }
    const std::vector<bench::UnitOutcome> units = bench::UnitOutcomes(records, eval.shapeMode);
    const bench::UnitOutcome& unit = units.front();
    const Reward reward = ComputeReward(unit, job.request.reward);
    const fs::path folder = samples / job.request.task / ("sample" + std::to_string(job.sample));
    const gen::RoundOutcome round{job.written.parseProblem, bench::ReadFileText(folder / bench::kGeneratorErrorFile),
                                  records};
    nlohmann::ordered_json result = {{"id", job.id}, {"status", "done"}, {"suite", job.request.suite},
                                     {"task", job.request.task}};
    result["verdict"] = bench::ToString(*verdict);
    result["reward"] = reward.total;
    result["reward_terms"] = ToJson(reward);
    result["compiled"] = unit.compiled;
    result["correct"] = unit.correct;
    result["fails_only_extra_cases"] = unit.failsOnlyExtraCases;
    result["failure_class"] =
        unit.firstFailure ? nlohmann::ordered_json(*unit.firstFailure) : nlohmann::ordered_json(nullptr);
    result["speedup"] = {{"eager", Optional(unit.timing.SpeedupVsEager())},
                         {"reference", Optional(unit.timing.SpeedupVsReference())}};
    result["simulated_us"] = Optional(unit.timing.simulatedUs);
    result["format"] = job.written.format;
    result["feedback"] = gen::RepairFeedback(*job.task, round);
    nlohmann::ordered_json cases = nlohmann::ordered_json::array();
    for (const bench::ResultRecord& record : records) cases.push_back(CaseJson(record));
    result["cases"] = std::move(cases);
    judged.push_back({job.id, JobState::Done, std::move(result)});
  }
  return judged;
}

}  // namespace akgen::serve
