#include "eval_command.h"

#include <iostream>

#include "bench/eval/evaluate.h"
#include "bench/report/results_report.h"
#include "bench/results/results_file.h"
#include "bench/task/mkb_tree.h"
#include "bench/task/task_tree.h"
#include "cache_location.h"
#include "craft/solutions/dsl_samples.h"
#include "suite_location.h"

namespace akgen {
namespace {

std::optional<bench::CaseSelection> ParseCases(const std::string& text) {
  if (text.empty()) return bench::CaseSelection::Default();
  if (text == "all") return bench::CaseSelection{bench::CaseSelection::Kind::All, 0};
  try {
    size_t used = 0;
    const int id = std::stoi(text, &used);
    if (used == text.size()) return bench::CaseSelection::One(id);
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// `--solutions dsl`: the selected tasks' DSL solutions compiled into OUT/dsl-samples, which is then
// evaluated as a samples directory (each sample timed against the task's hand-written answer).
std::filesystem::path CompileDslSolutions(const bench::EvalOptions& eval) {
  const bench::TaskTree tree = bench::ReadTaskTree(eval.suiteRoot);
  const bench::FilteredTasks selected = bench::FilterTasks(tree.tasks, eval.filter);
  const std::filesystem::path samples = eval.outDir / "dsl-samples";
  const craft::DslSamples written = craft::WriteDslSamples(selected.tasks, samples);
  for (const std::string& problem : written.problems) std::cerr << "note: " << problem << '\n';
  std::cout << written.compiled << " DSL programs compiled, " << written.failed << " with errors (compile_error), into "
            << samples.string() << '\n';
  return samples;
}

}  // namespace

int Eval(const EvalCommandOptions& options) {
  bench::EvalOptions eval;
  eval.suiteRoot = SuiteRoot(options.suite);
  eval.solutions = options.solutions;
  const auto mode = bench::ParseShapeMode(options.shapeMode);
  const auto cases = ParseCases(options.caseSelection);
  const auto sync = bench::ParseSyncMode(options.syncMode);
  const std::optional<bench::Shard> shard = bench::ParseShard(options.shard);
  if (!shard) {
    std::cerr << "akgen eval: --shard takes I/N with 0 <= I < N (part I of N), not '" << options.shard << "'\n";
    return 2;
  }
  eval.shard = *shard;
  if (!mode || !cases || !sync) {
    std::cerr << "akgen eval: --shape-mode takes static or dynamic, --case a case_id or `all`, --sync auto or strict\n";
    return 2;
  }
  if (options.extraCases > 0 && options.timingOnly) {
    std::cerr << "akgen eval: --extra-cases checks outputs and --timing-only checks none; use one of them\n";
    return 2;
  }
  eval.shapeMode = bench::JudgedShapeMode(eval.suiteRoot, *mode);
  eval.syncMode = *sync;
  eval.timingOnly = options.timingOnly;
  eval.referenceTimes = !options.noReferenceTimes;
  eval.keepWork = options.keepWork;
  eval.cases = *cases;
  eval.filter = options.filter;
  eval.outDir = options.outDir;
  eval.cacheDir = CacheDirOption(options.cacheDir);
  try {
    eval.cacheLimitBytes = CacheSizeOption(options.cacheSize);
  } catch (const std::invalid_argument& error) {
    std::cerr << "akgen eval: " << error.what() << '\n';
    return 2;
  }
  eval.jobs = options.jobs;
  eval.seed = options.seed;
  eval.extraCases = options.extraCases;
  eval.runSeconds = options.runSeconds;
  eval.mkbShapes = {options.maxElements, options.shapes == "paper"};
  eval.mkbTolerance = options.mkbTolerance;
  eval.oracle = bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, eval.cacheDir / "golden");
  try {
    if (options.solutions == "dsl") eval.solutions = CompileDslSolutions(eval).string();  // Evaluate makes it absolute
    const bench::EvalOutcome outcome = bench::Evaluate(eval, std::cout);
    if (!outcome.problems.empty())
      std::cerr << outcome.problems.size() << " problem" << (outcome.problems.size() == 1 ? "" : "s")
                << " (each printed above as `problem:`)\n";
    std::cout << outcome.evaluated << " results recorded, " << outcome.skipped << " already in "
              << (eval.outDir / "results.jsonl").string() << '\n';
    if (!std::filesystem::exists(eval.outDir / "results.jsonl"))
      return outcome.problems.empty() ? 0 : 1;  // nothing to report
    const bench::ResultsReport report = bench::ReportResults(eval.outDir, eval.shapeMode);
    std::cout << report.text;
    return outcome.problems.empty() ? 0 : 1;
  } catch (const std::exception& error) {
    std::cerr << "akgen eval: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace akgen
