// akgen: the command line of AscendKernelGen, a thin layer over the libraries.
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/oracle/oracle.h"
#include "cache_command.h"
#include "cache_location.h"
#include "cc_command.h"
#include "craft_command.h"
#include "data_command.h"
#include "eval_command.h"
#include "fidelity_command.h"
#include "generate_command.h"
#include "report_command.h"
#include "serve_command.h"
#include "tasks_command.h"

namespace {

void PrintJoined(const std::vector<std::string>& parts) {
  for (size_t i = 0; i < parts.size(); ++i) std::cout << (i ? " " : "") << parts[i];
  std::cout << '\n';
}

// What DefaultCacheDir (cache_location.h) chooses, for the commands that run the harness.
constexpr const char* kCacheHelp = "golden and build cache (default $XDG_CACHE_HOME/akgen, else /var/tmp/akgen-cache-<uid>)";

constexpr const char* kMaxElementsHelp =
    "MultiKernelBench: a case whose inputs hold more elements is checked at smaller shapes (the task's largest "
    "integer constants shrunk, alignment kept; records say which); default 2^24. Time the task's own shapes with "
    "--timing-only";
constexpr const char* kShapesHelp =
    "MultiKernelBench: task (the file's shapes) or paper (the shapes of its first commit, where the file still has "
    "their constants; python/akgen_oracle/mkb_paper_shapes.json)";

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"akgen: generate, check and measure AscendC kernels on a CPU simulator"};
  app.require_subcommand(1);

  CLI::App* cc = app.add_subcommand("cc", "compile and link AscendC sources against the simulator (g++ arguments)");
  cc->prefix_command();

  CLI::App* config = app.add_subcommand("config", "print the flags that build against the simulator");
  bool cflags = false;
  bool libs = false;
  config->add_flag("--cflags", cflags, "compile flags");
  config->add_flag("--libs", libs, "link flags");

  CLI::App* tasks = app.add_subcommand("tasks", "list the tasks of a suite (builtin or a path to a tasks/ tree)");
  akgen::TasksOptions tasksOptions;
  tasks->add_option("suite", tasksOptions.suite,
                    "builtin, the path of an NPUKernelBench tasks/ tree, or of a MultiKernelBench repository or its "
                    "reference/ folder");
  tasks->add_option("--level", tasksOptions.filter.levels, "only these levels (1, 2, 3)");
  tasks->add_option("--category", tasksOptions.filter.categories, "only these categories (Math, Norm, ...)");
  tasks->add_option("--task", tasksOptions.filter.tasks, "only these ops (Sqrt) or keys (level1/Math/Sqrt)");
  tasks->add_flag("--json", tasksOptions.json, "machine-readable output");
  tasks->add_flag("--lint", tasksOptions.lint,
                  "check the tasks' quality by running their python (never a candidate): unread CSV columns, inputs "
                  "that cannot be generated, outputs that ignore a column, loose tolerances, duplicate cases. Exit "
                  "status 0 clean, 1 findings, 2 unusable suite or python");
  tasks->add_flag("--goldens", tasksOptions.goldens,
                  "compute every case's inputs and golden outputs into the cache, no candidate needed: times per task "
                  "and category, cases at scaled shapes, cases without a golden (exit status 1)");
  tasks->add_option("--cache", tasksOptions.cacheDir, kCacheHelp);
  tasks->add_option("--jobs", tasksOptions.jobs, "--goldens: cases computed in parallel");
  tasks->add_option("--seed", tasksOptions.seed, "--goldens: seed of the generated inputs");
  tasks->add_flag("--timing-only", tasksOptions.timingOnly, "--goldens: describe the cases at their own shapes, no data");
  tasksOptions.maxElements = akgen::bench::kDefaultMaxElements;
  tasks->add_option("--max-elements", tasksOptions.maxElements, kMaxElementsHelp);
  tasks->add_option("--shapes", tasksOptions.shapes, kShapesHelp)->check(CLI::IsMember({"task", "paper"}));

  CLI::App* eval = app.add_subcommand("eval", "build, run and check solutions of a suite on the simulator");
  akgen::EvalCommandOptions evalOptions;
  eval->add_option("suite", evalOptions.suite,
                   "builtin, the path of an NPUKernelBench tasks/ tree, or of a MultiKernelBench repository or its "
                   "reference/ folder");
  eval->add_option("--solutions", evalOptions.solutions,
                   "answer (each task's answer/0), dsl (each task's answer/dsl/*.craft, compiled) or a samples "
                   "directory");
  eval->add_option("--shape-mode", evalOptions.shapeMode, "static (one case per unit) or dynamic (all cases)");
  eval->add_option("--case", evalOptions.caseSelection, "static mode: a case_id, or all (default: case 0)");
  eval->add_option("--out", evalOptions.outDir, "results directory (results.jsonl, summary.json)");
  eval->add_option("--cache", evalOptions.cacheDir, kCacheHelp);
  eval->add_option("--cache-size", evalOptions.cacheSize, akgen::kCacheSizeHelp);
  eval->add_option("--shard", evalOptions.shard,
                   "I/N: evaluate part I (0 to N-1) of N, whole tasks dealt by their number of units so the parts take "
                   "about as long and are the same on every machine; merge the parts' --out folders with `akgen report "
                   "DIR...` (docs/cluster.md)");
  eval->add_option("--jobs", evalOptions.jobs, "units evaluated in parallel");
  eval->add_option("--seed", evalOptions.seed, "seed of the generated inputs");
  eval->add_option("--extra-cases", evalOptions.extraCases,
                   "N more cases drawn like the listed ones, each with its own inputs (dynamic mode: new dimensions "
                   "too), checked against the golden; N per listed case in static mode, per task in dynamic mode. "
                   "A sample passes only if they pass too; times come from the listed cases")
      ->check(CLI::Range(0, 1000));
  eval->add_option("--timeout", evalOptions.runSeconds, "wall-clock seconds of one sandboxed run");
  eval->add_option("--sync", evalOptions.syncMode,
                   "auto (as --cce-auto-sync=on builds: missing pipe syncs are inserted and charged) or strict "
                   "(each is a [sync-hazard] error)");
  eval->add_flag("--timing-only", evalOptions.timingOnly,
                 "time each candidate without computing data: meta-tensor inputs, no golden outputs, no comparison "
                 "(verdict `timed`); for production shapes. Needs its own --out directory");
  eval->add_flag("--no-reference-times", evalOptions.noReferenceTimes,
                 "do not run each task's answer on the cases to time it: records have no reference_us, so no "
                 "speedup against the answer (verdicts and the samples' own times are the same)");
  eval->add_flag("--keep-work", evalOptions.keepWork,
                 "keep every (sample, case) pair's build and run folder under $TMPDIR/akgen-work-*; without it a "
                 "pair's folder is removed once it is recorded, but for the first 16 failures");
  evalOptions.maxElements = akgen::bench::kDefaultMaxElements;
  eval->add_option("--max-elements", evalOptions.maxElements, kMaxElementsHelp);
  eval->add_option("--shapes", evalOptions.shapes, kShapesHelp)->check(CLI::IsMember({"task", "paper"}));
  eval->add_option("--mkb-tolerance", evalOptions.mkbTolerance,
                   "MultiKernelBench: allclose atol = rtol; 1e-4 since its commit 0555903 (2026-01-22), 1e-2 in the "
                   "paper")
      ->check(CLI::IsMember({1e-4, 1e-2}));
  eval->add_option("--level", evalOptions.filter.levels, "only these levels");
  eval->add_option("--category", evalOptions.filter.categories, "only these categories");
  eval->add_option("--task", evalOptions.filter.tasks, "only these ops or keys");

  CLI::App* cache = app.add_subcommand("cache", "the golden and build cache: its size, and pruning it (docs/harness-design.md)");
  cache->require_subcommand(1);
  akgen::CacheCommandOptions cacheOptions;
  CLI::App* cacheDu = cache->add_subcommand("du", "what the cache holds, per kind");
  cacheDu->add_option("--cache", cacheOptions.cacheDir, kCacheHelp);
  CLI::App* cachePrune =
      cache->add_subcommand("prune", "evict the least recently used builds and golden outputs down to --cache-size now");
  cachePrune->add_option("--cache", cacheOptions.cacheDir, kCacheHelp);
  cachePrune->add_option("--cache-size", cacheOptions.cacheSize, akgen::kCacheSizeHelp);

  CLI::App* report = app.add_subcommand(
      "report", "tables and summary.json from an evaluation's results, or one report of a sharded run's parts");
  akgen::ReportOptions reportOptions;
  report->add_option("out", reportOptions.outDirs,
                     "the --out directory of akgen eval, or the --out directories of every `--shard I/N` part of one "
                     "run (merged; nothing is written then)")
      ->required();
  report->add_option("--shape-mode", reportOptions.shapeMode, "judge as static or dynamic (default: as recorded)");
  report->add_flag("--json", reportOptions.json, "print summary.json");
  report->add_option("--html", reportOptions.html,
                     "also write the report as one self-contained page (tables, pass@k, speed charts, failures, a "
                     "drill-down per task) to this file");

  CLI::App* fidelity = app.add_subcommand(
      "fidelity", "compare evaluations of NPUKernelBench's answers with the last known-good verdicts; exit status 1 "
                  "when a case that passed no longer does (docs/simulator.md)");
  akgen::FidelityOptions fidelityOptions;
  fidelity->add_option("runs", fidelityOptions.runDirs, "--out folders of akgen eval --solutions answer")->required();
  fidelity->add_option("--baseline", fidelityOptions.baseline, "the baseline, docs/fidelity-baseline.json")->required();
  fidelity->add_flag("--update", fidelityOptions.update,
                     "write the runs' verdicts into the baseline (cases not run keep theirs); only after checking "
                     "each change printed");
  fidelity->add_option("--source", fidelityOptions.source,
                       "with --update: which task tree the verdicts were judged on, for the baseline's `source`");

  CLI::App* craft = app.add_subcommand("craft", "the kernel DSL (docs/dsl.md)");
  craft->require_subcommand(1);
  akgen::CraftOptions craftOptions;
  CLI::App* craftCheck = craft->add_subcommand("check", "check a program; diagnostics on stderr");
  craftCheck->add_option("file", craftOptions.file, "the .craft program")->required();
  craftCheck->add_option("--task", craftOptions.task,
                         "also hold the op header to this task's host template (question/op_host): an op or a key");
  craftCheck->add_option("--suite", craftOptions.suite, "with --task: builtin, or the path of a tasks/ tree");
  CLI::App* craftCompile = craft->add_subcommand("compile", "compile a program to AscendC (op_host/, op_kernel/)");
  craftCompile->add_option("file", craftOptions.file, "the .craft program")->required();
  craftCompile->add_option("-o,--out", craftOptions.outDir, "directory for op_host/ and op_kernel/ (default: beside FILE)");
  akgen::CraftTuneOptions tuneOptions;
  CLI::App* craftTune = craft->add_subcommand(
      "tune",
      "search tile lengths, core count and buffer depths on the simulator; print the best against the program's own");
  craftTune->add_option("file", tuneOptions.file, "the .craft program")->required();
  craftTune->add_option("--task", tuneOptions.task, "the task whose cases judge it: an op (Sqrt) or a key")->required();
  craftTune->add_option("--suite", tuneOptions.suite, "builtin, or the path of an NPUKernelBench tasks/ tree");
  craftTune->add_option("--shape-mode", tuneOptions.shapeMode, "dynamic (every case, the default) or static (case 0)");
  craftTune->add_option("--max-candidates", tuneOptions.maxCandidates,
                        "programs evaluated at most, the program itself included (default 24)");
  craftTune->add_option("--out", tuneOptions.outDir,
                        "samples, results.jsonl and harness.log; a killed tune resumes from them (default akgen-tune)");
  craftTune->add_option("-o", tuneOptions.tunedFile,
                        "the best program (default: FILE's stem + .tuned.craft, in the --out folder)");
  craftTune->add_option("--cache", tuneOptions.cacheDir, kCacheHelp);
  craftTune->add_option("--jobs", tuneOptions.jobs, "cases evaluated in parallel");

  CLI::App* generate = app.add_subcommand(
      "generate", "have a language model on an OpenAI-compatible server write kernels; repair them with the "
                  "simulator's feedback; evaluate (docs/generation.md)");
  akgen::GenerateCommandOptions generateOptions;
  generate->add_option("suite", generateOptions.suite,
                       "builtin, the path of an NPUKernelBench tasks/ tree, or of a MultiKernelBench repository or its "
                       "reference/ folder");
  akgen::AddModelServerOptions(generate, generateOptions.server, "the model");
  generate->add_option("-n", generateOptions.samples, "samples per task (per task and case in static mode)");
  generate->add_option("--rounds", generateOptions.rounds, "the first answer plus up to R-1 repairs with feedback");
  generate->add_option("--mode", generateOptions.mode, "direct (AscendC) or dsl (a craft program, compiled)");
  generate->add_option("--template", generateOptions.templateMode,
                       "full (host tiling and kernel) or kernel-only (the kernel, tiling hard-coded)");
  generate->add_option("--shape-mode", generateOptions.shapeMode, "static (one case) or dynamic (every case)");
  generate->add_option("--case", generateOptions.caseSelection, "static mode: the case_id prompted and judged");
  generate->add_option("--level", generateOptions.filter.levels, "only these levels");
  generate->add_option("--category", generateOptions.filter.categories, "only these categories");
  generate->add_option("--task", generateOptions.filter.tasks, "only these ops or keys");
  generate->add_option("--out", generateOptions.outDir, "output folder: rounds/, samples/, responses.sqlite, results")
      ->required();
  generate->add_flag("--eval", generateOptions.evaluate, "judge the final candidates and report pass@k per round");
  generate->add_option("--prompts", generateOptions.promptsDir, "folder of prompt templates overriding gen/prompts/");
  generate->add_option("--mkb-strategy", generateOptions.mkbStrategy,
                       "MultiKernelBench tasks: add_shot (the add example for every task, the default) or "
                       "selected_shot (the example of the task's category; gen/prompts/mkb_examples/)");
  generate->add_option("--cache", generateOptions.cacheDir, kCacheHelp);
  generate->add_option("--cache-size", generateOptions.cacheSize, akgen::kCacheSizeHelp);
  generate->add_option("--eval-jobs", generateOptions.evalJobs, "cases evaluated in parallel");
  generate->add_option("--timeout", generateOptions.runSeconds, "wall-clock seconds of one sandboxed run");
  generate->add_option("--sync", generateOptions.syncMode, "auto or strict, as akgen eval");

  // What `akgen serve` and `akgen worker` judge with.
  const auto addJudgeOptions = [](CLI::App* command, akgen::JudgeOptions& options, const char* stateHelp) {
    command->add_option("--suite", options.suites,
                        "NAME=PATH: an NPUKernelBench tasks/ tree served as NAME (builtin is always served)");
    command->add_option("--state", options.stateDir, stateHelp);
    command->add_option("--queue", options.queue,
                        "redis://HOST:PORT[/DB]: jobs queued in Redis, judged by `akgen worker`s on any machine");
    command->add_option("--visibility-timeout", options.visibilitySeconds,
                        "seconds a worker may go silent before its jobs are requeued (default 60)");
    command->add_option("--cache", options.cacheDir, kCacheHelp);
    command->add_option("--cache-size", options.cacheSize, akgen::kCacheSizeHelp);
    command->add_option("--jobs", options.jobs, "cases judged in parallel")->check(CLI::PositiveNumber);
    command->add_option("--max-batch", options.maxBatch,
                        "jobs taken and judged together at most (default: 64 for serve, twice --jobs for a worker)")
        ->check(CLI::PositiveNumber);
    command->add_option("--timeout", options.runSeconds, "wall-clock seconds of one sandboxed run");
    command->add_flag("--keep-batches", options.keepBatches, "keep each batch's samples and results.jsonl in STATE");
    command->add_flag("--trust-inline-tasks", options.trustInlineTasks,
                      "take requests that bring a task of their own (inline_task): its module.py, prepare_inputs.py "
                      "and pybind.cpp run in the oracle outside the sandbox, so only for clients you trust");
  };
  CLI::App* serve = app.add_subcommand(
      "serve", "the simulator as an evaluation and reward service over HTTP, for trainers and tools (docs/rl.md)");
  akgen::ServeCommandOptions serveOptions;
  addJudgeOptions(serve, serveOptions.judge,
                  "folder of the job journal and the batches' work (default ./akgen-serve); a restart resumes it");
  serve->add_option("--host", serveOptions.host, "address to listen on (default 127.0.0.1; others need --token-file)");
  serve->add_option("--port", serveOptions.port, "port (default 8377; 0: any free port, printed)");
  serve->add_option("--token-file", serveOptions.tokenFile,
                    "file whose first line is the bearer token every request must carry");
  serve->add_option("--reward", serveOptions.rewardFile, "JSON file of reward weights over the defaults (docs/rl.md)");
  serve->add_option("--max-wait", serveOptions.maxWaitSeconds,
                    "the longest a request may wait for its result (?wait=, the OpenRLHF route); default 3600");
  CLI::App* worker = app.add_subcommand(
      "worker", "judge the jobs an `akgen serve --queue redis://…` queued, on this machine (docs/rl.md)");
  akgen::JudgeOptions workerOptions;
  addJudgeOptions(worker, workerOptions, "folder of the batches' work (default ./akgen-worker)");

  CLI::App* data = app.add_subcommand("data", "training datasets from judged runs, and their exports");
  data->require_subcommand(1);
  akgen::DataPrefsOptions prefsOptions;
  CLI::App* dataPrefs = data->add_subcommand(
      "prefs", "preference pairs per prompt: correct > runs but wrong > does not compile, and faster > slower");
  dataPrefs->add_option("runs", prefsOptions.runs, "--out folders of akgen eval or akgen generate --eval")->required();
  dataPrefs->add_option("--out", prefsOptions.outDir, "dataset folder (prefs.jsonl)")->required();
  dataPrefs->add_option("--speed-margin", prefsOptions.speedMargin,
                        "a speed pair needs slower/faster >= 1 + margin in simulated time (default 0.2)")
      ->check(CLI::NonNegativeNumber);
  dataPrefs->add_flag("--no-speed-pairs", prefsOptions.noSpeedPairs, "only correctness pairs");
  dataPrefs->add_option("--max-pairs-per-prompt", prefsOptions.maxPairsPerPrompt, "default 8")->check(CLI::PositiveNumber);
  dataPrefs->add_option("--max-pairs-per-task", prefsOptions.maxPairsPerTask, "default 32")->check(CLI::PositiveNumber);
  akgen::DataCorrectionsOptions correctionsOptions;
  CLI::App* dataCorrections = data->add_subcommand(
      "corrections", "error-derived corrections: failing candidates with their diagnostic and a passing fix");
  dataCorrections->add_option("runs", correctionsOptions.runs, "--out folders of akgen eval or akgen generate --eval")
      ->required();
  dataCorrections->add_option("--docs", correctionsOptions.docs,
                              "Markdown/HTML manuals (files or folders) to retrieve the API an error names from");
  dataCorrections->add_option("--out", correctionsOptions.outDir, "dataset folder (corrections.jsonl)")->required();
  dataCorrections->add_option("--max-per-signature", correctionsOptions.maxPerSignature,
                              "api records per error signature (default 8)")
      ->check(CLI::PositiveNumber);
  akgen::DataCotDocsOptions cotDocsOptions;
  CLI::App* dataCotDocs = data->add_subcommand(
      "cot-docs", "documentation chain of thought: question/reasoning/answer triples per manual section, from a teacher");
  dataCotDocs->add_option("docs", cotDocsOptions.docs, "Markdown/HTML manuals: files or folders")->required();
  dataCotDocs->add_option("--questions", cotDocsOptions.questions, "questions asked per section (default 3)")
      ->check(CLI::PositiveNumber);
  dataCotDocs->add_option("--min-chars", cotDocsOptions.minChars, "shorter sections are left out (default 200)");
  akgen::AddCotOptions(dataCotDocs, cotDocsOptions, "dataset folder (cot-docs.jsonl)");
  akgen::DataCotKernelsOptions cotKernelsOptions;
  CLI::App* dataCotKernels = data->add_subcommand(
      "cot-kernels", "kernel chain of thought: each kernel in the trees, gathered and compiled, explained by a teacher");
  dataCotKernels->add_option("trees", cotKernelsOptions.trees, "folders (or files) holding AscendC kernels")->required();
  dataCotKernels->add_flag("--include-failing", cotKernelsOptions.includeFailing,
                           "also send units that do not compile on the simulator");
  dataCotKernels->add_option("--cache", cotKernelsOptions.cacheDir, kCacheHelp);
  akgen::AddCotOptions(dataCotKernels, cotKernelsOptions, "dataset folder (cot-kernels.jsonl)");
  akgen::DataCotProjectsOptions cotProjectsOptions;
  CLI::App* dataCotProjects = data->add_subcommand(
      "cot-projects", "project chain of thought: each answer's tiling per case explained by a teacher, values checked");
  dataCotProjects->add_option("suite", cotProjectsOptions.suite, "builtin, or the path of an NPUKernelBench tasks/ tree");
  dataCotProjects->add_option("--level", cotProjectsOptions.filter.levels, "only these levels");
  dataCotProjects->add_option("--category", cotProjectsOptions.filter.categories, "only these categories");
  dataCotProjects->add_option("--task", cotProjectsOptions.filter.tasks, "only these ops or keys");
  dataCotProjects->add_option("--cache", cotProjectsOptions.cacheDir, kCacheHelp);
  dataCotProjects->add_option("--eval-jobs", cotProjectsOptions.evalJobs, "cases evaluated in parallel");
  dataCotProjects->add_option("--timeout", cotProjectsOptions.runSeconds, "wall-clock seconds of one sandboxed run");
  akgen::AddCotOptions(dataCotProjects, cotProjectsOptions, "dataset folder (cot-projects.jsonl, answers/)");
  akgen::DataCleanOptions cleanOptions;
  CLI::App* dataClean = data->add_subcommand(
      "clean", "hygiene in place: length filters, exact and near duplicates, decontamination against a benchmark");
  dataClean->add_option("dir", cleanOptions.dataDir, "the dataset folder")->required();
  dataClean->add_option("--against", cleanOptions.against,
                        "benchmark suites (builtin, or tasks/ trees) whose answers and descriptions must not leak in");
  dataClean->add_option("--min-chars", cleanOptions.minChars, "shortest target kept (default 16)");
  dataClean->add_option("--max-chars", cleanOptions.maxChars, "longest record kept (default 400000)");
  dataClean->add_option("--near-duplicate", cleanOptions.nearDuplicate,
                        "MinHash similarity from which a record is a near duplicate (default 0.9)")
      ->check(CLI::Range(0.0, 1.0));
  dataClean->add_option("--contamination", cleanOptions.contamination,
                        "share of a record's 13-grams in the benchmark from which it is contaminated (default 0.2)")
      ->check(CLI::Range(0.0, 1.0));
  dataClean->add_flag("--flag-only", cleanOptions.flagOnly, "keep contaminated records, flagged, instead of dropping them");
  akgen::DataExportOptions exportOptions;
  CLI::App* dataExport = data->add_subcommand("export", "a dataset folder in a trainer's format");
  dataExport->add_option("dir", exportOptions.dataDir, "the dataset folder (corrections.jsonl, prefs.jsonl)")->required();
  dataExport->add_option("--format", exportOptions.format, "llamafactory, trl or openai")->required();
  dataExport->add_option("--out", exportOptions.outDir, "folder for the exported files")->required();

  CLI11_PARSE(app, argc, argv);

  if (tasks->parsed()) return akgen::ListTasks(tasksOptions);
  if (report->parsed()) return akgen::Report(reportOptions);
  if (cacheDu->parsed()) return akgen::CacheUsage(cacheOptions);
  if (cachePrune->parsed()) return akgen::CachePrune(cacheOptions);
  if (eval->parsed()) return akgen::Eval(evalOptions);
  if (fidelity->parsed()) return akgen::Fidelity(fidelityOptions);
  if (generate->parsed()) return akgen::Generate(generateOptions);
  if (serve->parsed()) return akgen::Serve(serveOptions);
  if (worker->parsed()) return akgen::Work(workerOptions);
  if (craftCheck->parsed()) return akgen::CraftCheck(craftOptions);
  if (craftCompile->parsed()) return akgen::CraftCompile(craftOptions);
  if (craftTune->parsed()) return akgen::CraftTune(tuneOptions);
  if (dataPrefs->parsed()) return akgen::DataPrefs(prefsOptions);
  if (dataCorrections->parsed()) return akgen::DataCorrections(correctionsOptions);
  if (dataCotDocs->parsed()) return akgen::DataCotDocs(cotDocsOptions);
  if (dataCotKernels->parsed()) return akgen::DataCotKernels(cotKernelsOptions);
  if (dataCotProjects->parsed()) return akgen::DataCotProjects(cotProjectsOptions);
  if (dataClean->parsed()) return akgen::DataClean(cleanOptions);
  if (dataExport->parsed()) return akgen::DataExport(exportOptions);

  if (cc->parsed()) {
    if (cc->remaining().empty()) {
      std::cerr << "akgen cc: no input files; usage: akgen cc -o prog main.cpp kernel.cpp [g++ flags]\n";
      return 2;
    }
    return akgen::CompileWithSimulator(cc->remaining());
  }
  if (!cflags && !libs) cflags = libs = true;
  std::vector<std::string> flags;
  if (cflags) flags = akgen::SimulatorCompileFlags();
  if (libs) {
    for (const std::string& flag : akgen::SimulatorLinkFlags()) flags.push_back(flag);
  }
  PrintJoined(flags);
  return 0;
}
