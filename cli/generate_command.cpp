#include "generate_command.h"

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "bench/common/environment_fault.h"
#include "bench/report/html_report.h"
#include "bench/report/results_report.h"
#include "bench/task/mkb_tree.h"
#include "cache_location.h"
#include "gen/generation/generate.h"
#include "gen/generation/round_report.h"
#include "gen/generation/time_spent.h"
#include "suite_location.h"

namespace akgen {
namespace {

// The options' meaning checked before anything runs; the first complaint, or "".
std::string Invalid(const GenerateCommandOptions& options) {
  if (options.outDir.empty()) return "--out DIR is required";
  if (options.server.model.empty()) return "--model is required (the name the server knows the model by)";
  if (options.server.NoRoute())
    return "--base-url URL is required (e.g. http://127.0.0.1:8000/v1), unless --emit-requests or --responses "
           "carries the requests";
  if (options.samples < 1) return "-n must be at least 1";
  if (options.rounds < 1) return "--rounds must be at least 1";
  if (!options.promptsDir.empty() && !std::filesystem::is_directory(options.promptsDir))
    return options.promptsDir + ": --prompts names no folder; give a folder of templates named as in gen/prompts/";
  return "";
}

}  // namespace

int Generate(const GenerateCommandOptions& options) {
  if (const std::string invalid = Invalid(options); !invalid.empty()) {
    std::cerr << "akgen generate: " << invalid << '\n';
    return 2;
  }
  gen::GenerateOptions generate;
  const auto shapeMode = bench::ParseShapeMode(options.shapeMode);
  const auto sync = bench::ParseSyncMode(options.syncMode);
  const bool knownMode = options.mode == "direct" || options.mode == "dsl";
  const bool knownTemplate = options.templateMode == "full" || options.templateMode == "kernel-only";
  const auto mkbStrategy = gen::ParseMkbStrategy(options.mkbStrategy);
  if (!shapeMode || !sync || !knownMode || !knownTemplate || !mkbStrategy) {
    std::cerr << "akgen generate: --mode takes direct or dsl, --template full or kernel-only, --shape-mode static "
                 "or dynamic, --sync auto or strict, --mkb-strategy add_shot or selected_shot\n";
    return 2;
  }
  if (const std::string invalid = ApplyModelServerOptions(options.server, generate); !invalid.empty()) {
    std::cerr << "akgen generate: " << invalid << '\n';
    return 2;
  }
  if (options.templateMode == "kernel-only" && *shapeMode == bench::ShapeMode::Dynamic)
    std::cerr << "note: with --template kernel-only the kernel receives no tiling, so in dynamic mode it must handle "
                 "every case with one hard-coded tiling; NPUKernelBench's dynamic runs use --template full\n";
  generate.suiteRoot = SuiteRoot(options.suite);
  generate.exampleSuiteRoot = SuiteRoot("builtin");
  generate.filter = options.filter;
  generate.prompt.route = options.mode == "dsl" ? gen::Route::Dsl : gen::Route::Direct;
  generate.prompt.templateMode =
      options.templateMode == "full" ? bench::TemplateMode::Full : bench::TemplateMode::KernelOnly;
  // A MultiKernelBench sample is judged on all its trials at once, as there (dynamic mode).
  generate.prompt.shapeMode = bench::JudgedShapeMode(generate.suiteRoot, *shapeMode);
  generate.prompt.promptsDir = options.promptsDir;
  generate.prompt.mkbStrategy = *mkbStrategy;
  if (!options.caseSelection.empty()) {
    try {
      generate.cases = bench::CaseSelection::One(std::stoi(options.caseSelection));
    } catch (const std::exception&) {
      std::cerr << "akgen generate: --case takes a case_id\n";
      return 2;
    }
  }
  generate.samples = options.samples;
  generate.rounds = options.rounds;
  generate.outDir = std::filesystem::absolute(options.outDir);
  generate.evaluate = options.evaluate;
  generate.eval.cacheDir = CacheDirOption(options.cacheDir);
  try {
    generate.eval.cacheLimitBytes = CacheSizeOption(options.cacheSize);
  } catch (const std::invalid_argument& error) {
    std::cerr << "akgen generate: " << error.what() << '\n';
    return 2;
  }
  generate.eval.jobs = options.evalJobs;
  generate.eval.runSeconds = options.runSeconds;
  generate.eval.syncMode = *sync;
  generate.eval.oracle =
      bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, generate.eval.cacheDir / "golden");
  try {
    const gen::GenerateOutcome outcome = gen::Generate(generate, std::cout);
    std::cout << outcome.requests << " answers from the server, " << outcome.cached << " from the cache, "
              << outcome.resumed << " candidates already generated in " << options.outDir << '\n';
    if (outcome.emitted > 0) return outcome.problems.empty() ? 0 : 1;
    if (outcome.complete && options.evaluate) {
      const bench::ResultsReport report = bench::ReportResults(generate.outDir, generate.prompt.shapeMode);
      std::cout << report.text << gen::RoundTable(outcome.rounds);
      std::ofstream(generate.outDir / "rounds.json") << gen::RoundsJson(outcome.rounds).dump(2) << '\n';
      const std::string page = bench::HtmlReport(report.metrics, report.records, "akgen generate: " + options.outDir,
                                                 {{"Rounds: what each repair round bought", gen::RoundsJson(outcome.rounds)}});
      bench::WriteFileBytes(generate.outDir / "report.html", page.data(), page.size());
      std::cout << "HTML report: " << (generate.outDir / "report.html").string() << '\n';
    }
    if (const gen::TimeSpent spent = gen::MeasureTimeSpent(generate.outDir); spent.generations > 0)
      std::cout << gen::DescribeTimeSpent(spent);
    if (!outcome.complete)
      std::cerr << "akgen generate: some samples got no answer (see `problem:` above); rerun the same command to "
                   "ask again — everything answered so far is kept\n";
    return outcome.problems.empty() && outcome.complete ? 0 : 1;
  } catch (const std::exception& error) {
    std::cerr << "akgen generate: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace akgen
