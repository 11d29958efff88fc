// `akgen data …`: training datasets from judged runs (prefs, corrections) and their exports.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "bench/task/task_filter.h"
#include "model_server_options.h"

namespace akgen {

struct DataPrefsOptions {
  std::vector<std::string> runs;
  std::string outDir;
  double speedMargin = 0.2;
  bool noSpeedPairs = false;
  size_t maxPairsPerPrompt = 8;
  size_t maxPairsPerTask = 32;
};

struct DataCorrectionsOptions {
  std::vector<std::string> runs;
  std::vector<std::string> docs;
  std::string outDir;
  size_t maxPerSignature = 8;
};

// What every chain-of-thought builder takes: the dataset folder, the prompt templates and the teacher.
struct CotCommandOptions {
  std::string outDir;
  std::string promptsDir;
  ModelServerOptions teacher;
};

// --out (required, `outHelp`), --prompts and the teacher's options.
void AddCotOptions(CLI::App* app, CotCommandOptions& options, const std::string& outHelp);

struct DataCotDocsOptions : CotCommandOptions {
  std::vector<std::string> docs;
  size_t questions = 3;
  size_t minChars = 200;
};

struct DataCotKernelsOptions : CotCommandOptions {
  std::vector<std::string> trees;
  bool includeFailing = false;
  std::string cacheDir;  // where the simulator's toolchain is staged for the sandbox user
};

struct DataCotProjectsOptions : CotCommandOptions {
  std::string suite = "builtin";
  bench::TaskFilter filter;
  // Evaluating the answers, as `akgen eval`.
  std::string cacheDir;
  unsigned evalJobs = 1;
  double runSeconds = 120;
};

struct DataCleanOptions {
  std::string dataDir;
  std::vector<std::string> against;  // benchmark suites to decontaminate against
  size_t minChars = 16;
  size_t maxChars = 400'000;
  double nearDuplicate = 0.9;
  double contamination = 0.2;
  bool flagOnly = false;
};

struct DataExportOptions {
  std::string dataDir;
  std::string format;
  std::string outDir;
};

int DataPrefs(const DataPrefsOptions& options);
int DataCorrections(const DataCorrectionsOptions& options);
int DataCotDocs(const DataCotDocsOptions& options);
int DataCotKernels(const DataCotKernelsOptions& options);
int DataCotProjects(const DataCotProjectsOptions& options);
int DataClean(const DataCleanOptions& options);
int DataExport(const DataExportOptions& options);

}  // namespace akgen
