// `akgen eval`: every (sample, case) unit of a suite goes through oracle → build → sandboxed run
// → comparison, and its verdict is appended to OUT/results.jsonl as soon as it is known. Units
// that already have a record are skipped, so a killed evaluation resumes where it stopped. A run
// that reaches the kernel's end records its simulated time (`simulated_us`, `cycles`, `bound`,
// `launch_profile`) beside the case's modelled eager time (`eager_us`) and, when samples are
// evaluated, the task's answer's simulated time on the same case (`reference_us`). A timing-only
// evaluation (production shapes) computes no data: the oracle describes the case with meta tensors,
// the simulator moves no data, and a run that reaches the kernel's end is recorded `timed`.
#pragma once
#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "bench/cache/cache_pruning.h"
#include "bench/compare/allclose_rule.h"
#include "bench/eval/shard.h"
#include "bench/oracle/oracle.h"
#include "bench/runner/runner_protocol.h"
#include "bench/task/evaluation_unit.h"
#include "bench/task/shape_mode.h"
#include "bench/task/task_filter.h"

namespace akgen::bench {

struct EvalOptions {
  std::filesystem::path suiteRoot;
  std::string solutions = "answer";  // `answer` (each task's answer/0) or a samples directory
  ShapeMode shapeMode = ShapeMode::Static;
  CaseSelection cases = CaseSelection::Default();
  TaskFilter filter;
  std::filesystem::path outDir;
  // One of N parts of the selected tasks (bench/eval/shard.h); 0/1 is all of them.
  Shard shard;
  std::filesystem::path cacheDir;  // golden outputs and builds, shared between evaluations
  // The bound of the cache's builds and goldens: the least recently used beyond it are evicted at the
  // start, every few dozen records and at the end (bench/cache/cache_pruning.h).
  uintmax_t cacheLimitBytes = kDefaultCacheBytes;
  // Sandbox work directories; empty: a fresh directory under the system's temporary directory,
  // whose parents the sandbox user can search (the out directory's may not be).
  std::filesystem::path workDir;
  // Copy every candidate to a folder named by its content under CACHE/candidates (bounded by the
  // cache size like builds), so a candidate seen before reuses its builds wherever it was written:
  // `akgen serve` writes each job to a fresh folder. Messages still name the folder it was written to.
  bool stageEveryCandidate = false;
  // Keep every (sample, case) pair's work folder; otherwise a pair's folder goes once it is
  // recorded, but for the first few failures, and empty folders go at the end.
  bool keepWork = false;
  unsigned jobs = 1;
  uint64_t seed = 0;
  // Cases drawn like the listed ones (bench/task/extra_cases.h): per listed case in static mode,
  // per task in dynamic mode. They join their listed case's unit and count for correctness only.
  int extraCases = 0;
  double runSeconds = 120;  // wall-clock limit of one sandboxed run
  SyncMode syncMode = SyncMode::Auto;
  // Time candidates without data (OracleRequest::timingOnly): runs that reach the kernel's end are
  // recorded `timed`. Refused when the out directory holds records of the other kind.
  bool timingOnly = false;
  // Each sample's record carries the task's answer's simulated time on the same case (reference_us),
  // which runs the answer too; off, a correctness-only evaluation runs only the samples.
  bool referenceTimes = true;
  // MultiKernelBench: a case whose inputs hold more elements than shapes.maxElements is checked at
  // smaller shapes (timing-only cases keep the task's); shapes.paper: the paper's shapes.
  MkbShapes mkbShapes;
  double mkbTolerance = kMkbTolerance;  // MultiKernelBench's allclose atol = rtol
  OracleConfig oracle;      // python, package dir; its cacheDir is set from cacheDir
};

struct EvalOutcome {
  size_t evaluated = 0;               // records appended by this run
  size_t skipped = 0;                 // units already recorded by an earlier run
  std::vector<std::string> problems;  // tasks or cases that could not be evaluated, and why
};

// Every problem (a task that cannot be read, a case without a golden output) is printed to `progress`
// once, as it is found, and returned in EvalOutcome::problems. Throws for faults of the machine that
// would fail every candidate alike (a cache or sandbox folder the sandbox users cannot reach).
EvalOutcome Evaluate(const EvalOptions& options, std::ostream& progress);

// `options` with its paths absolute (the sandboxed compiler runs in other working directories) and
// the shape mode the suite is judged in (JudgedShapeMode).
EvalOptions WithAbsolutePaths(EvalOptions options);

// A fresh directory under the system's temporary directory for sandbox work (EvalOptions::workDir),
// searchable by the sandbox users.
std::filesystem::path FreshWorkRoot();

}  // namespace akgen::bench
