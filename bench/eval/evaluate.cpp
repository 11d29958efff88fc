#include "bench/eval/evaluate.h"

#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <variant>
#include <sstream>

#include "bench/builder/binding_build.h"
#include "bench/builder/parallel_map.h"
#include "bench/builder/toolchain.h"
#include "bench/cache/byte_count.h"
#include "bench/cache/cache_users.h"
#include "bench/common/content_hash.h"
#include "bench/common/empty_folders.h"
#include "bench/compare/case_check.h"
#include "bench/eval/eager_time.h"
#include "bench/eval/failure_summary.h"
#include "bench/eval/mkb_call.h"
#include "bench/eval/mkb_direct_launch.h"
#include "bench/eval/mkb_samples.h"
#include "bench/eval/reference_timing.h"
#include "bench/eval/sandbox_staging.h"
#include "bench/eval/shard.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_process.h"
#include "bench/results/result_record.h"
#include "bench/results/results_store.h"
#include "bench/results/run_description.h"
#include "bench/results/resume.h"
#include "bench/runner/run_unit.h"
#include "bench/sandbox/sandbox.h"
#include "bench/sandbox/staged_copy.h"
#include "bench/task/candidate.h"
#include "bench/task/extra_cases.h"
#include "bench/task/mkb_tree.h"
#include "bench/task/task_tree.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr size_t kDetailCap = 64 * 1024;  // compiler logs can be long; the record keeps their start

// One (sample, case) pair: what a worker evaluates and records.
struct CaseJob {
  const Task* task;
  Candidate candidate;
  const TestCase* testCase;  // in task->cases
};


std::string Capped(std::string text) {
  if (text.size() > kDetailCap) text = text.substr(0, kDetailCap) + "\n[… truncated]";
  return text;
}

}  // namespace

fs::path FreshWorkRoot() {
  std::string pattern = (fs::temp_directory_path() / "akgen-work-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a work directory in " + pattern);
  fs::permissions(pattern, fs::perms::others_exec | fs::perms::group_exec, fs::perm_options::add);
  return pattern;
}

namespace {

constexpr uid_t kFirstSandboxUid = 100000;

// Each worker thread runs its sandboxes as its own user, so one candidate's fork bomb cannot use up
// the process limit of another worker's candidate.
uid_t WorkerSandboxUid() {
  static std::atomic<uid_t> next{kFirstSandboxUid};
  thread_local const uid_t uid = next++;
  return uid;
}

// As root, sandboxed compiles and runs bind folders below the cache and the work root as the sandbox
// users; one they cannot reach would fail every candidate, so it stops the evaluation before any.
void RequireSandboxReach(const fs::path& directory, const std::string& what, const std::string& fix) {
  if (!SandboxRunsAsOtherUsers()) return;
  if (const std::optional<std::string> problem = SandboxReachProblem(directory, kFirstSandboxUid, false))
    throw std::runtime_error("the " + what + " " + directory.string() + " cannot be used: " + *problem +
                             " (candidates are compiled and run as unprivileged users); " + fix);
}

class Evaluation {
 public:
  Evaluation(const EvalOptions& options, std::ostream& progress)
      : options_(WithAbsolutePaths(options)),
        progress_(progress),
        store_(options_.outDir),
        reference_(options_.cacheDir / "reference-timing"),
        staging_(options_.cacheDir / "staged", kFirstSandboxUid, SandboxRunsAsOtherUsers(),
                 options_.stageEveryCandidate ? options_.cacheDir / "candidates" : fs::path()) {
    oracle_ = options_.oracle;
    oracle_.cacheDir = options_.cacheDir / "golden";
    setup_.buildCacheDir = options_.cacheDir / "build";
    setup_.sandbox.limits.wallSeconds = options_.runSeconds;
    // One core's CPU time can be no more than the wall time it is given, so --timeout sets both (a
    // fixed CPU limit would cut a long simulation short whatever --timeout says).
    setup_.sandbox.limits.cpuSeconds = unsigned(std::max(1.0, std::ceil(options_.runSeconds)));
    setup_.syncMode = options_.syncMode;
    for (const fs::path& directory : {options_.cacheDir, oracle_.cacheDir, setup_.buildCacheDir}) {
      fs::create_directories(directory);
      fs::permissions(directory, fs::perms::others_exec | fs::perms::group_exec, fs::perm_options::add);
    }
    RequireSandboxReach(setup_.buildCacheDir, "cache folder",
                        "choose one with --cache (or XDG_CACHE_HOME) below a world-searchable folder such as /var/tmp");
    cacheUser_.emplace(options_.cacheDir);
    workRoot_ = options_.workDir.empty() ? FreshWorkRoot() : options_.workDir;
    RequireSandboxReach(workRoot_ / "unit", "work folder", "set TMPDIR to a world-searchable folder such as /tmp");
    if (SandboxRunsAsOtherUsers()) StageHarnessToolchain(kFirstSandboxUid, options_.cacheDir / "staged");
  }

  EvalOutcome Run() {
    // A mistyped folder would otherwise evaluate nothing and look like a finished run.
    if (options_.solutions != "answer" && !fs::is_directory(options_.solutions))
      throw std::runtime_error(options_.solutions +
                               ": --solutions names no folder; give answer, dsl, or a folder of "
                               "samples laid out as <level>/<category>/<Op>/sample<N>/");
    RefuseMixedKinds();
    WriteRunDescription({options_.suiteRoot, options_.solutions, options_.shapeMode, options_.seed,
                         options_.extraCases, options_.timingOnly, ToString(options_.shard)},
                        options_.outDir);
    if (options_.solutions == "answer" && IsMultiKernelBenchTree(options_.suiteRoot))
      throw std::runtime_error(options_.suiteRoot.string() +
                               ": MultiKernelBench tasks have no answers to evaluate; give --solutions a folder of "
                               "samples (<category>/<task>/sample<i>.py, or MultiKernelBench's run<N>/<task>.txt)");
    const TaskTree tree = ReadTaskTree(options_.suiteRoot);
    for (const TaskProblem& problem : tree.problems) Problem(ToString(problem));
    const FilteredTasks selected = FilterTasks(tree.tasks, options_.filter);
    for (const std::string& value : selected.unmatched) Problem("no task matches '" + value + "'");
    std::vector<EvaluationPlan> plans;
    std::vector<std::string> keys;
    std::vector<size_t> weights;
    for (const Task* task : selected.tasks) {
      Task& withExtras = tasks_.emplace_back(staging_.Readable(*task));
      AddExtraCases(withExtras, SelectedCaseIds(withExtras, options_.shapeMode, options_.cases), options_.extraCases,
                    options_.shapeMode, options_.seed);
      plans.push_back(PlanOf(withExtras));
      keys.push_back(withExtras.Key());
      weights.push_back(PlannedCases(plans.back()));  // before resuming: a shard's tasks never change
    }
    std::vector<CaseJob> jobs;
    for (const size_t task : TasksOfShard(keys, weights, options_.shard)) AddJobs(tasks_[task], plans[task], jobs);
    PruneCacheNow();
    ParallelMap(jobs, options_.jobs, [this](const CaseJob& job) {
      EvaluateCase(job);
      return 0;
    });
    for (const std::string& warning : store_.Warnings()) Problem(warning);
    PruneCacheNow(true);
    FinishWork();
    return outcome_;
  }

 private:
  // A timing-only record is no verdict on correctness, so one results file never holds both kinds:
  // resuming would skip units the other kind already recorded.
  void RefuseMixedKinds() const {
    for (const ResultRecord& record : store_.Records()) {
      if (record.details.value("timing_only", false) == options_.timingOnly) continue;
      throw std::runtime_error(
          store_.File().string() + ": holds " + (options_.timingOnly ? "checked results" : "timing-only results") +
          " (" + record.task + " sample" + std::to_string(record.sample) + " case" + std::to_string(record.caseId) +
          "); evaluate " + (options_.timingOnly ? "with" : "without") + " --timing-only into another --out directory");
    }
  }

  std::vector<Candidate> CandidatesOf(const Task& task) {
    if (options_.solutions == "answer") {
      if (!task.files.answer) return {};
      return {AnswerCandidate(task)};
    }
    if (task.format != TaskFormat::MultiKernelBench) return SampleCandidates(options_.solutions, task);
    return MkbSampleCandidates(oracle_, options_.solutions, task, options_.cacheDir / "mkb-unpacked");
  }

  EvaluationPlan PlanOf(const Task& task) {
    std::vector<Candidate> candidates = CandidatesOf(task);
    for (Candidate& candidate : candidates) candidate = staging_.Readable(std::move(candidate));
    return PlanEvaluation(task, candidates, options_.shapeMode, options_.cases);
  }

  static size_t PlannedCases(const EvaluationPlan& plan) {
    size_t planned = 0;
    for (const EvaluationUnit& unit : plan.units) planned += unit.caseIds.size();
    return planned;
  }

  void AddJobs(const Task& task, const EvaluationPlan& plan, std::vector<CaseJob>& jobs) {
    if (!plan.problem.empty()) Problem(task.Key() + ": " + plan.problem);
    size_t planned = PlannedCases(plan);
    for (const EvaluationUnit& unit : RemainingUnits(plan.units, store_)) {
      for (int caseId : unit.caseIds) {
        jobs.push_back({&task, unit.candidate, task.FindCase(caseId)});
        --planned;
      }
    }
    outcome_.skipped += planned;
  }

  void EvaluateCase(const CaseJob& job) {
    const Task& task = *job.task;
    // A unit one of whose cases timed out has failed: its other cases are not run to the limit too.
    if (const std::optional<int> timedOut = TimedOutCase(job)) {
      const std::string reason = "not run: case " + std::to_string(*timedOut) + " of this unit timed out";
      Record(job, Verdict::Timeout, {{"not_run", true}, {"reason", reason}}, reason);
      return;
    }
    // Before the golden: a candidate that cannot be built needs none.
    if (const std::optional<UnitRun> failure = CandidateFailure(job.candidate)) {
      RecordFailure(job, *failure->failure, failure->detail);
      return;
    }
    const TestCase& testCase = *job.testCase;
    const OracleRequest request =
        OracleRequestFor(task, testCase, testCase.extra ? testCase.extra->seed : options_.seed, options_.timingOnly,
                         options_.mkbShapes);
    GoldenCase golden;  // not const: a MultiKernelBench candidate's recorded call joins its manifest
    try {
      golden = ProduceGolden(oracle_, request);
    } catch (const CaseCannotRun& error) {
      Record(job, Verdict::TaskError, {{"detail", Capped(error.what())}}, error.what());
      return;
    } catch (const OracleError& error) {
      Problem(task.Key() + " case " + std::to_string(job.testCase->id) + ": no golden output: " + error.what());
      return;
    }
    const fs::path workDir = WorkDir(job);
    UnitSetup setup = setup_;
    setup.sandbox.sandboxUid = WorkerSandboxUid();
    // MultiKernelBench: the op call is the candidate's, recorded in the sandbox from its own ModelNew
    // and binding into the golden manifest's place.
    std::optional<MkbCallSetup> mkbSetup;
    const fs::path recordDir = workDir.string() + ".record";
    const bool directLaunch = !job.candidate.directLaunchEntry.empty();
    if (directLaunch && options_.timingOnly) {
      Problem(task.Key() + " sample" + std::to_string(job.candidate.sample) +
              ": a direct-launch answer runs its kernels on real tensors, so it is not timed with --timing-only; "
              "evaluate it without --timing-only (its time is then taken at the correctness shapes)");
      return;
    }
    if (task.format == TaskFormat::MultiKernelBench && !directLaunch) {
      std::variant<MkbCallSetup, UnitRun> prepared = MkbSetup(job, setup);
      if (const UnitRun* failure = std::get_if<UnitRun>(&prepared)) {
        RecordFailure(job, *failure->failure, failure->detail);
        return;
      }
      mkbSetup = std::get<MkbCallSetup>(std::move(prepared));
      MkbCall recorded = RecordMkbCall(*mkbSetup, golden, recordDir);
      if (recorded.failure) {
        RecordFailure(job, *recorded.failure, recorded.detail);
        return;
      }
      golden.manifest.call = std::move(recorded.call);
      golden.manifest.modelNewOps = std::move(recorded.modelNewOps);
    }
    const UnitRun run = directLaunch ? DirectLaunchUnit(job, setup, golden, workDir)
                                     : RunUnit(setup, task, job.candidate, golden, workDir);
    nlohmann::json details = {{"build_seconds", run.buildSeconds},
                              {"run_seconds", run.runSeconds},
                              {"build_cache_hit", run.buildCacheHit},
                              {"sync_mode", ToString(options_.syncMode)}};
    if (testCase.extra) details["extra_case"] = {{"seed", testCase.extra->seed}, {"row", testCase.values}};
    if (run.blockDim != 0) details["block_dim"] = run.blockDim;
    if (!run.tilingFields.is_null()) details["tiling"] = run.tilingFields;
    // What the NPU does without fault but a kernel should not rely on (a store past a tensor's
    // end, a re-enqueued tensor): kept with any verdict, for people and for training labels.
    // One per kind and kernel line already; a candidate with very many such lines keeps the first.
    constexpr size_t kMaxWarnings = 16;
    for (const RunnerDiagnostic& diagnostic : run.diagnostics)
      if (diagnostic.severity == "warning" && details["warnings"].size() < kMaxWarnings)
        details["warnings"].push_back(Capped(Describe(diagnostic)));
    if (!golden.manifest.note.empty()) details["oracle_note"] = golden.manifest.note;
    // Torch computing the answer in place of a kernel passes MultiKernelBench's check too; it is flagged.
    if (directLaunch && !run.failure && !run.timing) {
      details["cheating"] = true;
      details["cheating_findings"].push_back("ModelNew.forward launched no AscendC kernel");
    }
    // A direct-launch ModelNew that launched no kernel still took the time of the torch ops it ran.
    if (run.timing || !golden.manifest.modelNewOps.empty())
      AddTiming(job, setup, golden, run.timing.value_or(LaunchTiming{}), details);
    if (run.failure) {
      details["detail"] = Capped(run.detail);
      if (!run.diagnosticKind.empty()) details["diagnostic_kind"] = run.diagnosticKind;
      Record(job, *run.failure, std::move(details), FailureSummary(*run.failure, run.detail));
      return;
    }
    if (options_.timingOnly) {
      Record(job, Verdict::Timed, std::move(details), "");
      return;
    }
    if (run.needsReplay && mkbSetup) {
      if (std::optional<MkbCall> failure = ReplayMkbCall(*mkbSetup, golden, recordDir, run.outputDir)) {
        details["detail"] = Capped(failure->detail);
        Record(job, *failure->failure, std::move(details), FailureSummary(*failure->failure, failure->detail));
        return;
      }
    } else if (run.needsReplay) {
      try {
        ReplayCandidateOutputs(oracle_, request, golden.dir, run.outputDir);
      } catch (const OracleError& error) {  // the same code ran on the golden call: the candidate's values broke it
        const std::string reason = std::string("ModelNew fails on the candidate's results: ") + error.what();
        details["reason"] = reason;
        Record(job, Verdict::WrongAnswer, std::move(details), reason);
        return;
      }
    }
    Comparison comparison;
    try {
      comparison = CheckCase(oracle_, request, golden, run.outputDir, options_.mkbTolerance);
    } catch (const OracleError& error) {
      Problem(task.Key() + " case " + std::to_string(job.testCase->id) +
              ": custom_check_precision failed: " + error.what());
      return;
    }
    details["max_abs_error"] = comparison.maxAbsError;
    details["max_rel_error"] = comparison.maxRelError;
    if (!comparison.pass) {
      details["first_bad_index"] = comparison.firstBadIndex;
      details["first_bad_output"] = comparison.firstBadOutput;
      details["bad_count"] = comparison.badCount;
      details["reason"] = comparison.reason;
    }
    Record(job, comparison.pass ? Verdict::Pass : Verdict::WrongAnswer, std::move(details), comparison.reason);
  }

  // Where a (sample, case) pair builds and runs; `.record` beside it holds a MultiKernelBench call.
  fs::path WorkDir(const CaseJob& job) const {
    return workRoot_ / job.task->Key() / ("sample" + std::to_string(job.candidate.sample)) /
           ("case" + std::to_string(job.testCase->id));
  }

  // Once a pair is recorded its work folder is removed, unless --keep-work, or it failed and fewer
  // than kKeptFailures failures have kept theirs (for a look at what the candidate left).
  void TidyWork(const CaseJob& job, Verdict verdict) {
    if (options_.keepWork) return;
    const bool failed = verdict != Verdict::Pass && verdict != Verdict::Timed;
    if (failed && keptFailures_++ < kKeptFailures) return;
    const fs::path workDir = WorkDir(job);
    std::error_code ignored;
    fs::remove_all(workDir, ignored);
    fs::remove_all(workDir.string() + ".record", ignored);
  }

  // The work root holds only what was kept: empty folders go, and a root this run made goes when
  // nothing is left in it.
  void FinishWork() {
    if (options_.keepWork) {
      progress_ << "work folders kept under " << workRoot_.string() << '\n';
      return;
    }
    RemoveEmptyFolders(workRoot_, options_.workDir.empty());
    if (fs::exists(workRoot_))
      progress_ << "the work folders of " << std::min(keptFailures_.load(), kKeptFailures) << " failed (sample, case) pairs are kept under "
                << workRoot_.string() << " (--keep-work keeps every one)\n";
  }

  // MultiKernelBench: how the candidate's ModelNew runs, its binding built; the build's failure otherwise.
  std::variant<MkbCallSetup, UnitRun> MkbSetup(const CaseJob& job, const UnitSetup& setup) {
    const MkbRuntime& runtime = Mkb();
    const BuildOutcome binding = BuildBinding(setup.buildCacheDir, job.candidate.bindingFile,
                                              runtime.packageDir / "akgen_oracle" / "pytorch_npu_helper.hpp",
                                              runtime.bindingFlags);
    if (!binding.ok) {
      UnitRun failure;
      failure.failure = Verdict::CompileError;
      failure.detail = "python_bind_src does not compile:\n" + binding.log;
      return failure;
    }
    return MkbCallSetup{setup.sandbox, oracle_.python, runtime.packageDir, binding.program, job.candidate.modelFile,
                        options_.timingOnly};
  }

  // A direct-launch answer's case: its module built, its ModelNew run in the sandbox with the kernels
  // on the simulator; the aten ops its forward ran join the golden manifest's place, as a recorded call's do.
  UnitRun DirectLaunchUnit(const CaseJob& job, const UnitSetup& setup, GoldenCase& golden, const fs::path& workDir) {
    const MkbRuntime& runtime = Mkb();
    const fs::path sources = job.candidate.directory / "sources";
    UnitRun unit;
    const auto buildStart = std::chrono::steady_clock::now();
    const DirectLaunchBuild build = BuildDirectLaunch(
        setup.buildCacheDir, sources, runtime.packageDir / "akgen_oracle" / "direct_launch", runtime.bindingFlags);
    unit.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - buildStart).count();
    unit.buildCacheHit = build.cacheHit;
    if (!build.problem.empty() || !build.ok) {
      unit.failure = build.problem.empty() ? Verdict::CompileError : Verdict::ParseError;
      unit.detail = build.problem.empty() ? build.log : build.problem;
      return unit;
    }
    const auto runStart = std::chrono::steady_clock::now();
    DirectLaunchRun run = RunDirectLaunch({setup.sandbox, oracle_.python, runtime.packageDir, sources,
                                           job.candidate.directLaunchEntry, ToString(options_.syncMode), build},
                                          golden, workDir);
    unit.runSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - runStart).count();
    unit.failure = run.failure;
    unit.detail = std::move(run.detail);
    unit.diagnosticKind = std::move(run.diagnosticKind);
    unit.diagnostics = std::move(run.warnings);
    unit.timing = std::move(run.timing);
    unit.outputDir = std::move(run.outputDir);
    golden.manifest.modelNewOps = std::move(run.modelNewOps);
    return unit;
  }

  // What every MultiKernelBench candidate's binding and recording share, made on first use.
  struct MkbRuntime {
    BindingFlags bindingFlags;
    fs::path packageDir;  // the oracle's package folder, or a copy the sandbox users can read
  };

  const MkbRuntime& Mkb() {
    std::call_once(mkbOnce_, [this] {
      const PythonRun run = RunOracleModule(oracle_, "akgen_oracle.pybind_module", {"--compile-flags", kBindingModule});
      if (!run.Succeeded())
        throw std::runtime_error("the oracle's python cannot give torch's compile flags: " + Diagnosis(run.err));
      const nlohmann::json flags = nlohmann::json::parse(run.out);
      mkb_.bindingFlags = {flags.at("flags").get<std::vector<std::string>>(),
                           flags.at("libraries").get<std::vector<std::string>>()};
      mkb_.packageDir = oracle_.packageDir;
      if (SandboxRunsAsOtherUsers() && !ReachableBy(oracle_.packageDir, kFirstSandboxUid))
        mkb_.packageDir = StagedCopy(oracle_.packageDir, options_.cacheDir / "staged");
    });
    return mkb_;
  }

  // The run's simulated time and its baselines'. With `--solutions answer` the answer is its own
  // reference (speedup 1 by definition), so only samples get a reference time.
  void AddTiming(const CaseJob& job, const UnitSetup& setup, const GoldenCase& golden, const LaunchTiming& timing,
                 nlohmann::json& details) {
    details["simulated_us"] = timing.microseconds;
    if (!golden.manifest.modelNewOps.empty()) {
      // MultiKernelBench times ModelNew.forward whole: torch ops around the kernel count, and show.
      const double modelNewUs = EagerMicroseconds(golden.manifest.modelNewOps).value_or(0);
      details["simulated_us"] = timing.microseconds + modelNewUs;
      details["kernel_us"] = timing.microseconds;
      details["model_new_us"] = modelNewUs;
      for (const EagerOp& op : golden.manifest.modelNewOps) details["model_new_ops"].push_back(op.op);
    }
    if (!timing.profile.is_null()) {
      details["cycles"] = timing.cycles;
      details["bound"] = timing.bound;
      details["launch_profile"] = timing.profile;
    }
    if (const std::optional<double> eager = EagerMicroseconds(golden.manifest.eagerOps)) details["eager_us"] = *eager;
    // Extra cases count for correctness only (bench/metrics/unit_outcome.h): no reference time needed.
    // MultiKernelBench has no reference kernels: its speedups are against eager time alone.
    if (options_.solutions == "answer" || !options_.referenceTimes || job.testCase->extra ||
        job.task->format == TaskFormat::MultiKernelBench)
      return;
    const fs::path workDir = workRoot_ / job.task->Key() / ("reference-case" + std::to_string(job.testCase->id));
    const ReferenceTiming reference = reference_.Time(setup, *job.task, golden, workDir);
    if (reference.microseconds)
      details["reference_us"] = *reference.microseconds;
    else
      details["reference_problem"] = reference.problem;
  }

  // A unit that ended before its outputs could be compared: the verdict, with its log as the detail.
  void RecordFailure(const CaseJob& job, Verdict verdict, const std::string& detail) {
    Record(job, verdict, {{"detail", Capped(detail)}}, FailureSummary(verdict, detail));
  }

  // The case of the job's unit (its task and sample) that timed out first, if one did.
  std::optional<int> TimedOutCase(const CaseJob& job) {
    std::lock_guard lock(mutex_);
    const auto found = timedOut_.find({job.task->Key(), job.candidate.sample});
    if (found == timedOut_.end()) return std::nullopt;
    return found->second;
  }

  // Evicts the least recently used builds and goldens beyond --cache-size; one thread at a time, and
  // a line only when something went. While units run, what this evaluation used since it started
  // may be in use; once they are done (`finished`), nothing is.
  void PruneCacheNow(bool finished = false) {
    std::unique_lock pruning(pruneMutex_, std::try_to_lock);
    if (!pruning) return;
    const PruneOutcome pruned =
        PruneCache(options_.cacheDir, options_.cacheLimitBytes, finished ? &*cacheUser_ : nullptr);
    if (pruned.removed == 0 && pruned.abandoned == 0) return;
    std::string line = "cache: " + std::to_string(pruned.removed) + " least recently used entries evicted, " +
                       FormatByteCount(pruned.bytesAfter) + " of " + FormatByteCount(options_.cacheLimitBytes) + " kept";
    if (pruned.bytesInUse > 0) line += " (" + FormatByteCount(pruned.bytesInUse) + " over it in use)";
    if (pruned.bytesAfter > options_.cacheLimitBytes && pruned.bindingBytes > 0)
      line += " (the oracle's task bindings, never evicted, hold " + FormatByteCount(pruned.bindingBytes) + ")";
    if (pruned.abandoned > 0) line += ", " + std::to_string(pruned.abandoned) + " folders of dead runs removed";
    std::lock_guard lock(mutex_);
    progress_ << line << '\n' << std::flush;
  }

  void Record(const CaseJob& job, Verdict verdict, nlohmann::json details, std::string note) {
    TidyWork(job, verdict);
    if (++recordsSincePrune_ % kRecordsPerPrune == 0) PruneCacheNow();
    if (verdict == Verdict::Timeout && !details.contains("not_run")) {
      std::lock_guard lock(mutex_);
      timedOut_.emplace(std::pair{job.task->Key(), job.candidate.sample}, job.testCase->id);
    }
    if (options_.timingOnly) details["timing_only"] = true;
    if (!job.candidate.modelFile.empty()) AddCheatingFlag(job.candidate, details);
    // Messages name the user's files, not the staged copies the sandbox compiled.
    note = staging_.Unstaged(std::move(note));
    if (details.contains("detail")) details["detail"] = staging_.Unstaged(details["detail"].get<std::string>());
    if (details.contains("warnings"))
      for (nlohmann::json& warning : details["warnings"]) warning = staging_.Unstaged(warning.get<std::string>());
    store_.Append(
        MakeRecord(*job.task, job.candidate, job.testCase->id, options_.shapeMode, verdict, std::move(details)));
    std::lock_guard lock(mutex_);
    ++outcome_.evaluated;
    progress_ << job.task->Key() << " sample" << job.candidate.sample << " case" << job.testCase->id << ": "
              << ToString(verdict) << (note.empty() ? "" : " (" + note + ")") << '\n'
              << std::flush;
  }

  // MultiKernelBench's anti-hack flag, from the static scan of the candidate's model_src made when it
  // was unpacked (python/akgen_oracle/mkb_cheating.py): recorded, verdict unchanged, as there.
  static void AddCheatingFlag(const Candidate& candidate, nlohmann::json& details) {
    constexpr size_t kShownFindings = 8;
    const nlohmann::json scan =
        nlohmann::json::parse(ReadFileText(candidate.directory / "cheating.json"), nullptr, false);
    if (scan.is_discarded() || !scan.contains("findings")) return;
    details["cheating"] = details.value("cheating", false) || !scan["findings"].empty();
    for (const nlohmann::json& finding : scan["findings"])
      if (details["cheating_findings"].size() < kShownFindings) details["cheating_findings"].push_back(finding);
  }

  void Problem(std::string message) {
    std::lock_guard lock(mutex_);
    progress_ << "problem: " << message << '\n' << std::flush;
    outcome_.problems.push_back(std::move(message));
  }

  const EvalOptions options_;
  std::ostream& progress_;
  ResultsStore store_;
  OracleConfig oracle_;
  UnitSetup setup_;
  ReferenceTimer reference_;
  SandboxStaging staging_;
  std::deque<Task> tasks_;  // the selected tasks with their extra cases; jobs point into them
  fs::path workRoot_;
  static constexpr size_t kKeptFailures = 16;
  static constexpr size_t kRecordsPerPrune = 64;
  std::optional<CacheUser> cacheUser_;  // this evaluation, so pruning spares what it uses
  std::atomic<size_t> recordsSincePrune_{0};
  std::mutex pruneMutex_;
  std::atomic<size_t> keptFailures_{0};
  std::map<std::pair<std::string, int>, int> timedOut_;  // (task, sample) -> its case that timed out
  std::once_flag mkbOnce_;
  MkbRuntime mkb_;
  EvalOutcome outcome_;
  std::mutex mutex_;
};

}  // namespace

EvalOptions WithAbsolutePaths(EvalOptions options) {
  for (fs::path* path : {&options.suiteRoot, &options.outDir, &options.cacheDir, &options.workDir})
    if (!path->empty()) *path = fs::absolute(*path).lexically_normal();
  options.shapeMode = JudgedShapeMode(options.suiteRoot, options.shapeMode);
  if (options.solutions != "answer") options.solutions = fs::absolute(options.solutions).lexically_normal().string();
  return options;
}

EvalOutcome Evaluate(const EvalOptions& options, std::ostream& progress) {
  Evaluation evaluation(options, progress);
  return evaluation.Run();
}

}  // namespace akgen::bench
