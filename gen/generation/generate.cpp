#include "gen/generation/generate.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>

#include "bench/common/content_hash.h"
#include "bench/report/results_report.h"
#include "bench/results/results_file.h"
#include "bench/task/task_tree.h"
#include "craft/program_files.h"
#include "craft/solutions/dsl_samples.h"
#include "craft/solutions/mkb_dsl_sample.h"
#include "gen/generation/candidate_folder.h"
#include "gen/generation/completion_source.h"
#include "gen/generation/sample_generation.h"
#include "gen/parse/answer_parse.h"
#include "gen/prompt/repair_feedback.h"

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// One sample of one task through the rounds.
struct SampleState {
  const bench::Task* task = nullptr;
  int sample = 0;
  PromptOptions prompt;  // with the task's case and examples
  std::vector<int> caseIds;
  int lastRound = 0;                           // the last round that gave it a candidate
  std::optional<SampleGeneration> generation;  // that round's
  std::vector<bench::ResultRecord> records;    // that round's verdicts, when judged
  bool judged = false;
  // What the next round tells the model, when the judged candidate failed; empty when it passed or
  // when nothing can be said (no verdict came: the harness's problem, already reported).
  std::string feedback;
  bool stuck = false;  // its request of the current round got no answer

  bool Passed() const {
    if (!judged) return false;
    int passed = 0;
    for (int caseId : caseIds) {
      const auto record = std::find_if(records.begin(), records.end(),
                                       [&](const bench::ResultRecord& r) { return r.caseId == caseId; });
      if (record == records.end()) return false;
      if (record->verdict == bench::Verdict::Pass)
        ++passed;
      else if (record->verdict != bench::Verdict::TaskError)
        return false;
    }
    return passed > 0;
  }
};

AnswerFormat FormatOf(const PromptOptions& prompt) {
  if (prompt.route == Route::Dsl) return AnswerFormat::Dsl;
  return prompt.templateMode == bench::TemplateMode::KernelOnly ? AnswerFormat::KernelOnly : AnswerFormat::Full;
}

class Generator {
 public:
  Generator(const GenerateOptions& options, std::ostream& progress)
      : options_(options),
        progress_(progress),
        tree_(bench::ReadTaskTree(options.suiteRoot)),
        examples_(options.exampleSuiteRoot.empty() || options.prompt.route != Route::Dsl
                      ? bench::TaskTree{}
                      : bench::ReadTaskTree(options.exampleSuiteRoot)) {
    if (tree_.tasks.empty()) {
      std::string why = options.suiteRoot.string() + ": no tasks found";
      for (const bench::TaskProblem& problem : tree_.problems) why = problem.message;
      throw std::runtime_error(why);
    }
    for (const bench::TaskProblem& problem : tree_.problems) {
      if (problem.severity == bench::ProblemSeverity::Error)
        Problem(problem.message);  // a task left out
      else
        progress_ << bench::ToString(problem) << '\n';
    }
    const bench::FilteredTasks selected = bench::FilterTasks(tree_.tasks, options.filter);
    for (const std::string& unmatched : selected.unmatched)
      Problem("the filter value `" + unmatched + "` selects no task of " + options.suiteRoot.string());
    for (const bench::Task* task : selected.tasks) AddSamples(*task);
  }

  GenerateOutcome Run() {
    fs::create_directories(options_.outDir);
    CompletionSource source(options_, progress_);
    for (int round = 1; round <= options_.rounds; ++round) {
      std::vector<SampleState*> active = ActiveIn(round);
      if (active.empty()) break;
      progress_ << "round " << round << ": " << active.size() << " sample" << (active.size() == 1 ? "" : "s") << '\n'
                << std::flush;
      GenerateRound(round, active, source);
      if (source.Emitted() > 0) {
        outcome_.emitted = source.Emitted();
        progress_ << outcome_.emitted << " request" << (outcome_.emitted == 1 ? "" : "s") << " of round " << round
                  << " written to " << options_.emitRequests.string()
                  << "; run them as a batch, then rerun with --responses <the batch output>\n";
        return outcome_;
      }
      if (round < options_.rounds || options_.evaluate) Judge(round, active);
    }
    outcome_.complete = std::none_of(samples_.begin(), samples_.end(), [](const SampleState& s) { return s.stuck; });
    if (outcome_.complete) Assemble();
    return outcome_;
  }

 private:
  void AddSamples(const bench::Task& task) {
    PromptOptions prompt = options_.prompt;
    const bench::EvaluationPlan plan =
        bench::PlanEvaluation(task, {bench::Candidate{}}, prompt.shapeMode, options_.cases);
    if (!plan.problem.empty() || plan.units.empty()) {
      Problem(task.Key() + ": " + (plan.problem.empty() ? "no case to generate for" : plan.problem));
      return;
    }
    const std::vector<int>& caseIds = plan.units.front().caseIds;
    if (prompt.shapeMode == bench::ShapeMode::Static) prompt.caseId = caseIds.front();
    prompt.taskFormat = task.format;
    if (prompt.route == Route::Dsl)
      prompt.examples = DslExamplesFor(task, options_.exampleSuiteRoot.empty() ? tree_.tasks : examples_.tasks);
    for (int sample = 0; sample < options_.samples; ++sample) {
      SampleState state;
      state.task = &task;
      state.sample = sample;
      state.prompt = prompt;
      state.caseIds = caseIds;
      samples_.push_back(std::move(state));
    }
  }

  // Round 1: every sample. Later rounds: the samples judged in the previous round that failed.
  std::vector<SampleState*> ActiveIn(int round) {
    std::vector<SampleState*> active;
    for (SampleState& state : samples_) {
      if (state.stuck) continue;
      if (round == 1 || (state.lastRound == round - 1 && !state.feedback.empty())) active.push_back(&state);
    }
    return active;
  }

  fs::path SampleFolder(int round, const SampleState& state) const {
    return RoundDirectory(options_.outDir, round) / "samples" / state.task->Key() /
           ("sample" + std::to_string(state.sample));
  }

  // A MultiKernelBench answer is judged from one file beside the sample's folder, as `akgen eval`
  // reads MultiKernelBench samples (bench/eval/mkb_samples.h); the folder keeps generation.json.
  // The direct route keeps the model's reply there, the DSL route the six strings its program
  // became (craft/solutions/mkb_dsl_sample.h).
  static bool AnswersInOneFile(const SampleState& state) {
    return state.task->format == bench::TaskFormat::MultiKernelBench;
  }
  static fs::path AnswerFile(const SampleState& state, const fs::path& sampleFolder) {
    return state.prompt.route == Route::Dsl ? craft::MkbSixStringFile(sampleFolder) : MkbAnswerFile(sampleFolder);
  }

  void GenerateRound(int round, const std::vector<SampleState*>& active, CompletionSource& source) {
    std::vector<PendingRequest> requests;
    std::vector<SampleState*> asking;
    std::vector<double> promptSeconds;
    for (SampleState* state : active) {
      const fs::path generationFile = SampleFolder(round, *state) / kGenerationFile;
      if (fs::exists(generationFile)) {  // generated by an earlier, interrupted run
        state->generation = ReadSampleGeneration(generationFile);
        ++outcome_.resumed;
        state->lastRound = round;
        state->judged = false;
        continue;
      }
      const Clock::time_point start = Clock::now();
      std::vector<ChatMessage> messages = ConversationFor(round, *state);
      promptSeconds.push_back(SecondsSince(start));
      requests.push_back({state->task->Key(), state->sample, round,
                          CompletionRequest{options_.model, options_.endpoint, std::move(messages), options_.sampling},
                          std::nullopt, false, ""});
      requests.back().request.params.n = 1;
      asking.push_back(state);
    }
    source.Answer(requests);
    for (size_t i = 0; i < requests.size(); ++i) {
      PendingRequest& pending = requests[i];
      SampleState& state = *asking[i];
      if (!pending.answer) {
        state.stuck = true;
        if (!pending.problem.empty())
          Problem(pending.task + " sample" + std::to_string(pending.sample) + " round" + std::to_string(round) + ": " +
                  pending.problem);
        continue;
      }
      (pending.fromCache ? outcome_.cached : outcome_.requests) += 1;
      WriteCandidate(round, state, pending, promptSeconds[i]);
    }
  }

  std::vector<ChatMessage> ConversationFor(int round, const SampleState& state) const {
    if (round == 1) return TaskPrompt(*state.task, state.prompt);
    const SampleGeneration& previous = *state.generation;
    return RepairTurn(previous.messages, previous.choice.answer, state.feedback, state.prompt);
  }

  void WriteCandidate(int round, SampleState& state, const PendingRequest& pending, double promptSeconds) {
    const Clock::time_point start = Clock::now();
    const fs::path folder = SampleFolder(round, state);
    fs::remove_all(folder);  // leftovers of a run killed while writing it
    fs::remove(AnswerFile(state, folder));
    fs::create_directories(folder);
    SampleGeneration generation;
    generation.task = state.task->Key();
    generation.sample = state.sample;
    generation.round = round;
    generation.model = options_.model;
    generation.endpoint = ToString(options_.endpoint);
    generation.route = state.prompt.route == Route::Dsl ? "dsl" : "direct";
    generation.templateMode = bench::ToString(state.prompt.templateMode);
    generation.shapeMode = bench::ToString(state.prompt.shapeMode);
    generation.caseId = state.prompt.shapeMode == bench::ShapeMode::Static ? state.prompt.caseId : -1;
    generation.messages = pending.request.messages;
    generation.choice = pending.answer->choice;
    generation.promptTokens = pending.answer->promptTokens;
    generation.completionTokens = pending.answer->completionTokens;
    generation.latencySeconds = pending.answer->latencySeconds;
    generation.fromCache = pending.fromCache;
    generation.promptSeconds = promptSeconds;

    if (AnswersInOneFile(state) && state.prompt.route == Route::Direct) {
      WriteMkbAnswer(generation, folder);
    } else {
      WriteParsedAnswer(generation, state, folder);
    }
    generation.parseSeconds = SecondsSince(start);
    WriteSampleGeneration(generation, folder / kGenerationFile);  // last: the folder is complete
    state.generation = std::move(generation);
    state.lastRound = round;
    state.judged = false;
  }

  // The model's whole reply, as MultiKernelBench keeps it (its run<N>/<task>.txt): the judge takes
  // the first fenced block, and a reply without the six strings (or a direct-launch JSON) becomes a
  // parse_error there, with the line and what is missing (python/akgen_oracle/mkb_candidate.py).
  // The reasoning stands in only for a blank answer.
  static void WriteMkbAnswer(SampleGeneration& generation, const fs::path& folder) {
    const bool blank = generation.choice.answer.find_first_not_of(" \t\r\n") == std::string::npos;
    const fs::path file = MkbAnswerFile(folder);
    craft::WriteTextFile(file, blank ? generation.choice.reasoning : generation.choice.answer);
    generation.files.push_back(file.filename().string());
  }

  static fs::path MkbAnswerFile(const fs::path& sampleFolder) { return sampleFolder.string() + ".txt"; }

  void WriteParsedAnswer(SampleGeneration& generation, const SampleState& state, const fs::path& folder) const {
    const AnswerFormat format = FormatOf(state.prompt);
    const ParsedAnswer parsed = ParseAnswer(generation.choice, format, state.task->kernelName);
    generation.parseProblem = parsed.problem;
    if (parsed.problem.empty() && format == AnswerFormat::Dsl && AnswersInOneFile(state)) {
      const auto& [program, source] = *parsed.files.begin();
      if (craft::WriteMkbDslSample(source, program, folder, *state.task))
        generation.files.push_back(craft::MkbSixStringFile(folder).filename().string());
      for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder))
        if (entry.is_regular_file()) generation.files.push_back(fs::relative(entry.path(), folder).generic_string());
      return;
    }
    const std::vector<std::string> written = WriteCandidateFolder(parsed, format, *state.task, folder);
    generation.files.insert(generation.files.end(), written.begin(), written.end());
  }

  void Judge(int round, const std::vector<SampleState*>& active) {
    const fs::path roundDir = RoundDirectory(options_.outDir, round);
    if (!fs::exists(roundDir / "samples")) return;  // every request of the round went unanswered
    bench::EvalOptions eval = options_.eval;
    eval.suiteRoot = options_.suiteRoot;
    eval.solutions = (roundDir / "samples").string();
    eval.shapeMode = options_.prompt.shapeMode;
    eval.cases = options_.cases;
    eval.filter = options_.filter;
    eval.outDir = roundDir;
    craft::MakeReadableByAll(roundDir / "samples");
    const bench::EvalOutcome evaluated = bench::Evaluate(bench::WithAbsolutePaths(eval), progress_);
    for (const std::string& problem : evaluated.problems) outcome_.problems.push_back(problem);
    std::map<std::pair<std::string, int>, std::vector<bench::ResultRecord>> bySample;
    for (bench::ResultRecord& record : bench::LoadResults(roundDir / bench::kResultsFileName).records)
      bySample[{record.task, record.sample}].push_back(std::move(record));
    int passed = 0;
    for (SampleState* state : active) {
      if (state->lastRound != round) continue;
      state->records = bySample[{state->task->Key(), state->sample}];
      state->judged = true;
      for (bench::ResultRecord& record : state->records) record.details["round"] = round;
      passed += state->Passed();
      state->feedback.clear();
      if (state->Passed() || state->records.empty()) continue;
      RoundOutcome outcome{state->generation->parseProblem, "", state->records};
      outcome.generatorLog = bench::ReadFileText(SampleFolder(round, *state) / bench::kGeneratorErrorFile);
      state->feedback = RepairFeedback(*state->task, outcome);
    }
    progress_ << "round " << round << ": " << passed << " of " << active.size() << " passed\n" << std::flush;
    RoundMetrics metrics{round, static_cast<int>(active.size()),
                         bench::ComputeMetrics(StandingRecords(), options_.prompt.shapeMode)};
    outcome_.rounds.push_back(std::move(metrics));
  }

  // Every sample's latest verdicts: the standing after the round just judged.
  std::vector<bench::ResultRecord> StandingRecords() const {
    std::vector<bench::ResultRecord> records;
    for (const SampleState& state : samples_)
      if (state.judged) records.insert(records.end(), state.records.begin(), state.records.end());
    return records;
  }

  // OUT/samples holds each sample's final candidate; with --eval, OUT/results.jsonl their verdicts.
  void Assemble() {
    const fs::path finalSamples = options_.outDir / "samples";
    fs::remove_all(finalSamples);
    for (const SampleState& state : samples_) {
      if (state.lastRound == 0) continue;
      const fs::path target = finalSamples / state.task->Key() / ("sample" + std::to_string(state.sample));
      fs::create_directories(target.parent_path());
      fs::copy(SampleFolder(state.lastRound, state), target, fs::copy_options::recursive);
      const fs::path answer = AnswerFile(state, SampleFolder(state.lastRound, state));
      if (AnswersInOneFile(state) && fs::exists(answer)) fs::copy_file(answer, AnswerFile(state, target));
    }
    if (!options_.evaluate) return;
    const fs::path results = options_.outDir / bench::kResultsFileName;
    {
      std::ofstream out(results.string() + ".tmp");
      for (const bench::ResultRecord& record : StandingRecords())
        out << bench::ToJson(record).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
      if (!out.flush()) throw std::runtime_error(results.string() + ": cannot be written");
    }
    fs::rename(results.string() + ".tmp", results);
  }

  void Problem(std::string message) {
    progress_ << "problem: " << message << '\n' << std::flush;
    outcome_.problems.push_back(std::move(message));
  }

  const GenerateOptions& options_;
  std::ostream& progress_;
  bench::TaskTree tree_;
  bench::TaskTree examples_;  // the DSL route's few-shot source when it is not the suite
  std::vector<SampleState> samples_;
  GenerateOutcome outcome_;
};

}  // namespace

fs::path RoundDirectory(const fs::path& outDir, int round) { return outDir / "rounds" / std::to_string(round); }

GenerateOutcome Generate(const GenerateOptions& options, std::ostream& progress) {
  if (options.samples < 1 || options.rounds < 1) throw std::invalid_argument("-n and --rounds must be at least 1");
  if (options.cases.kind == bench::CaseSelection::Kind::All)
    throw std::invalid_argument("--case all: a generated sample is written for one case; give a case_id");
  return Generator(options, progress).Run();
}

}  // namespace akgen::gen
