#include "data/runs/judged_attempt.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <tuple>

#include "bench/common/content_hash.h"
#include "bench/results/results_file.h"
#include "bench/results/run_description.h"
#include "bench/task/candidate.h"
#include "bench/task/task_tree.h"
#include "data/runs/candidate_text.h"
#include "gen/generation/sample_generation.h"
#include "gen/prompt/repair_feedback.h"
#include "gen/prompt/task_prompt.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

struct JudgedFolder {
  int round = 0;
  fs::path folder;
};

// `rounds/<r>/` of a generation run, or the folder itself for an evaluation.
std::vector<JudgedFolder> JudgedFolders(const fs::path& runDir) {
  std::vector<JudgedFolder> folders;
  if (fs::is_directory(runDir / "rounds")) {
    for (const fs::directory_entry& entry : fs::directory_iterator(runDir / "rounds")) {
      const std::string name = entry.path().filename().string();
      int round = 0;
      const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), round);
      if (error == std::errc() && end == name.data() + name.size() &&
          fs::exists(entry.path() / bench::kResultsFileName))
        folders.push_back({round, entry.path()});
    }
    std::sort(folders.begin(), folders.end(), [](const auto& a, const auto& b) { return a.round < b.round; });
  } else if (fs::exists(runDir / bench::kResultsFileName)) {
    folders.push_back({0, runDir});
  }
  if (folders.empty())
    throw std::runtime_error(runDir.string() +
                             ": no results.jsonl here or under rounds/; give the --out folder of `akgen eval` or of "
                             "`akgen generate --eval`");
  return folders;
}

using UnitKey = std::tuple<std::string, int, int>;  // task, sample, listed case (-1 in dynamic mode)

std::map<UnitKey, std::vector<bench::ResultRecord>> RecordsByUnit(std::vector<bench::ResultRecord> records) {
  std::map<UnitKey, std::vector<bench::ResultRecord>> units;
  std::stable_sort(records.begin(), records.end(), [](const auto& a, const auto& b) {
    return a.extraOf.has_value() < b.extraOf.has_value();  // listed cases first
  });
  for (bench::ResultRecord& record : records) {
    const int listed = record.shapeMode == bench::ShapeMode::Static ? record.extraOf.value_or(record.caseId) : -1;
    units[{record.task, record.sample, listed}].push_back(std::move(record));
  }
  return units;
}

std::map<std::string, std::string> CandidateFiles(const fs::path& folder) {
  std::map<std::string, std::string> files;
  for (const char* part : {"op_host", "op_kernel", "dsl"}) {
    if (!fs::is_directory(folder / part)) continue;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder / part))
      if (entry.is_regular_file())
        files[fs::relative(entry.path(), folder).generic_string()] = bench::ReadFileText(entry.path());
  }
  return files;
}

std::optional<Tier> TierOf(const bench::UnitOutcome& outcome) {
  if (outcome.timedOnly || outcome.incomplete) return std::nullopt;
  if (outcome.correct) return Tier::Green;
  if (outcome.compiled) return Tier::Orange;
  if (outcome.parsed) return Tier::Purple;
  return std::nullopt;
}

nlohmann::ordered_json FirstFailingCase(const bench::Task& task, const std::vector<bench::ResultRecord>& records) {
  for (const bench::ResultRecord& record : records) {
    if (record.verdict == bench::Verdict::Pass || record.verdict == bench::Verdict::TaskError) continue;
    const bench::TestCase* listed = task.FindCase(record.caseId);
    const nlohmann::json drawn =
        record.details.value("extra_case", nlohmann::json::object()).value("row", nlohmann::json());
    return {{"case", record.caseId}, {"row", listed ? gen::CaseRowText(task, *listed) : drawn.dump()}};
  }
  return nullptr;
}

class RunReader {
 public:
  explicit RunReader(const fs::path& runDir) : runDir_(runDir) {}

  std::vector<JudgedAttempt> Read() {
    std::vector<JudgedAttempt> attempts;
    for (const JudgedFolder& judged : JudgedFolders(runDir_)) {
      const bench::RunDescription run = bench::ReadRunDescription(judged.folder);
      if (run.timingOnly)
        throw std::runtime_error((judged.folder / bench::kRunDescriptionFile).string() +
                                 ": a timing-only evaluation checks no outputs, so it labels nothing; give a run "
                                 "evaluated without --timing-only");
      const bench::TaskTree& tree = Tree(run.suite, judged.folder);
      const bench::LoadedResults loaded = bench::LoadResults(judged.folder / bench::kResultsFileName);
      for (auto& [key, records] : RecordsByUnit(loaded.records)) {
        const std::vector<bench::UnitOutcome> outcomes = bench::UnitOutcomes(records, run.shapeMode);
        if (outcomes.empty()) continue;  // only task errors: the unit says nothing about the sample
        const bench::Task* task = tree.Find(std::get<0>(key));
        if (task == nullptr)
          throw std::runtime_error((judged.folder / bench::kResultsFileName).string() + ": task " + std::get<0>(key) +
                                   " is not in " + run.suite.string() + ", the tree run.json names");
        attempts.push_back(Attempt(judged, run, tree, *task, outcomes.front(), std::move(records)));
      }
    }
    return attempts;
  }

 private:
  const bench::TaskTree& Tree(const fs::path& suite, const fs::path& folder) {
    auto found = trees_.find(suite);
    if (found != trees_.end()) return found->second;
    if (!fs::is_directory(suite))
      throw std::runtime_error((folder / bench::kRunDescriptionFile).string() + ": its task tree " + suite.string() +
                               " is gone; put the tree back there or edit `suite` in run.json");
    return trees_.emplace(suite, bench::ReadTaskTree(suite)).first->second;
  }

  JudgedAttempt Attempt(const JudgedFolder& judged, const bench::RunDescription& run, const bench::TaskTree& tree,
                        const bench::Task& task, bench::UnitOutcome outcome, std::vector<bench::ResultRecord> records) {
    JudgedAttempt attempt;
    attempt.task = task.Key();
    attempt.sample = outcome.sample;
    attempt.round = judged.round;
    attempt.caseId = outcome.caseId;
    attempt.shapeMode = run.shapeMode;
    attempt.runDir = runDir_;
    attempt.folder = run.solutions == "answer"
                         ? bench::AnswerCandidate(task).directory
                         : fs::path(run.solutions) / task.Key() / ("sample" + std::to_string(outcome.sample));
    if (run.solutions != "answer" && !fs::is_directory(attempt.folder))
      throw std::runtime_error((judged.folder / bench::kRunDescriptionFile).string() + ": the candidate folder " +
                               attempt.folder.string() + " of " + attempt.task + " is gone");
    attempt.files = CandidateFiles(attempt.folder);
    const bool dsl = std::any_of(attempt.files.begin(), attempt.files.end(),
                                 [](const auto& file) { return file.first.rfind("dsl/", 0) == 0; });
    attempt.format = dsl ? "dsl"
                     : std::any_of(attempt.files.begin(), attempt.files.end(),
                                   [](const auto& file) { return file.first.rfind("op_host/", 0) == 0; })
                         ? "full"
                         : "kernel_only";
    attempt.response = CandidateText(attempt.files, attempt.format, task.kernelName);
    attempt.prompt = Prompt(attempt, tree, task);
    attempt.tier = TierOf(outcome);
    if (attempt.tier && *attempt.tier != Tier::Green) {
      attempt.diagnostic =
          gen::RepairFeedback(task, {"", bench::ReadFileText(attempt.folder / bench::kGeneratorErrorFile), records});
      attempt.failingCase = FirstFailingCase(task, records);
    }
    attempt.outcome = std::move(outcome);
    attempt.records = std::move(records);
    return attempt;
  }

  // The first request of this sample: the messages before the first answer in its generation
  // record (a repair round's conversation starts with them), else the prompt the generator would
  // have sent for the candidate's route and format.
  std::vector<gen::ChatMessage> Prompt(JudgedAttempt& attempt, const bench::TaskTree& tree, const bench::Task& task) {
    const fs::path generationFile = attempt.folder / gen::kGenerationFile;
    if (fs::exists(generationFile)) {
      gen::SampleGeneration generation = gen::ReadSampleGeneration(generationFile);
      attempt.model = generation.model;
      attempt.reasoning = generation.choice.reasoning;
      attempt.round = generation.round;
      const auto answer = std::find_if(generation.messages.begin(), generation.messages.end(),
                                       [](const gen::ChatMessage& message) { return message.role == "assistant"; });
      generation.messages.erase(answer, generation.messages.end());
      if (!generation.messages.empty()) return generation.messages;
    }
    gen::PromptOptions options;
    options.route = attempt.format == "dsl" ? gen::Route::Dsl : gen::Route::Direct;
    options.templateMode = attempt.format == "full" ? bench::TemplateMode::Full : bench::TemplateMode::KernelOnly;
    options.shapeMode = attempt.shapeMode;
    options.caseId = attempt.caseId.value_or(0);
    if (options.route == gen::Route::Dsl) options.examples = gen::DslExamplesFor(task, tree.tasks);
    return gen::TaskPrompt(task, options);
  }

  fs::path runDir_;
  std::map<fs::path, bench::TaskTree> trees_;
};

}  // namespace

const char* ToString(Tier tier) {
  switch (tier) {
    case Tier::Green:
      return "green";
    case Tier::Orange:
      return "orange";
    case Tier::Purple:
      return "purple";
  }
  return "?";
}

std::string JudgedAttempt::ProblemKey() const { return caseId ? task + " case" + std::to_string(*caseId) : task; }

std::vector<JudgedAttempt> ReadJudgedAttempts(const fs::path& runDir) { return RunReader(runDir).Read(); }

}  // namespace akgen::data
