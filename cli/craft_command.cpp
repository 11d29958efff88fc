#include "craft_command.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "bench/oracle/oracle.h"
#include "bench/task/task_tree.h"
#include "cache_location.h"
#include "craft/check/op_def_signature.h"
#include "craft/craft.h"
#include "craft/program_files.h"
#include "craft/tune/tune.h"
#include "craft/tune/tune_table.h"
#include "suite_location.h"

namespace akgen {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> ReadProgram(const std::string& file) {
  try {
    return craft::ReadProgram(file);
  } catch (const std::runtime_error& error) {
    std::cerr << "akgen craft: " << error.what() << '\n';
    return std::nullopt;
  }
}

void Print(const std::vector<craft::Diagnostic>& diagnostics) {
  for (const craft::Diagnostic& diagnostic : diagnostics) std::cerr << craft::Format(diagnostic);
}

// The one task `--task` names, or nullptr after saying why.
const bench::Task* FindTask(const bench::TaskTree& tree, const std::string& command, const std::string& file,
                            const std::string& task, const std::string& suite) {
  const bench::FilteredTasks selected = bench::FilterTasks(tree.tasks, bench::TaskFilter{{}, {}, {task}});
  if (selected.tasks.size() == 1) return selected.tasks[0];
  std::cerr << "akgen craft " << command << ": " << file << ": ";
  if (selected.tasks.empty()) {
    std::cerr << "no task '" << task << "' in " << tree.root.string() << "; `akgen tasks " << suite
              << "` lists them\n";
  } else {
    std::cerr << "--task " << task << " matches " << selected.tasks.size() << " tasks:";
    for (const bench::Task* task : selected.tasks) std::cerr << ' ' << task->Key();
    std::cerr << "; give the key\n";
  }
  return nullptr;
}

fs::path TunedFile(const CraftTuneOptions& options) {
  if (!options.tunedFile.empty()) return options.tunedFile;
  // In the tune's own folder: beside a suite solution it would become a second solution of the task.
  return fs::path(options.outDir) / (fs::path(options.file).stem().string() + ".tuned.craft");
}

}  // namespace

int CraftCheck(const CraftOptions& options) {
  const std::optional<std::string> source = ReadProgram(options.file);
  if (!source) return 2;
  std::optional<craft::TaskSignature> signature;
  if (!options.task.empty()) {
    try {
      const bench::TaskTree tree = bench::ReadTaskTree(SuiteRoot(options.suite));
      const bench::Task* task = FindTask(tree, "check", options.file, options.task, options.suite);
      if (!task) return 2;
      if (task->files.questionHost) signature = craft::ReadTaskSignature(*task->files.questionHost);
      if (!signature) {
        std::cerr << "akgen craft check: " << task->Key() << " has no host template with an OpDef ("
                  << (task->directory / "question" / "op_host").string() << "), so there is no signature to check\n";
        return 2;
      }
    } catch (const std::runtime_error& error) {
      std::cerr << "akgen craft check: " << error.what() << '\n';
      return 2;
    }
  }
  const craft::CheckResult result = craft::Check(*source, options.file, signature ? &*signature : nullptr);
  Print(result.diagnostics);
  return result.HasErrors() ? 1 : 0;
}

int CraftCompile(const CraftOptions& options) {
  const std::optional<std::string> source = ReadProgram(options.file);
  if (!source) return 2;
  const craft::CompileResult result = craft::Compile(*source, options.file);
  Print(result.diagnostics);
  if (!result.op) return 1;
  const fs::path outDir = options.outDir.empty() ? fs::path(options.file).parent_path() : fs::path(options.outDir);
  try {
    for (const fs::path& written : craft::WriteSources(*result.op, outDir)) std::cout << written.string() << '\n';
  } catch (const std::runtime_error& error) {
    std::cerr << "akgen craft: " << error.what() << '\n';
    return 1;
  }
  return 0;
}

int CraftTune(const CraftTuneOptions& options) {
  const std::optional<std::string> source = ReadProgram(options.file);
  if (!source) return 2;
  const std::optional<bench::ShapeMode> mode = bench::ParseShapeMode(options.shapeMode);
  if (!mode) {
    std::cerr << "akgen craft tune: --shape-mode takes static (case 0) or dynamic (every case)\n";
    return 2;
  }
  if (options.maxCandidates < 1) {
    std::cerr << "akgen craft tune: --max-candidates counts the program itself, so it is at least 1\n";
    return 2;
  }
  try {
    const bench::TaskTree tree = bench::ReadTaskTree(SuiteRoot(options.suite));
    const bench::Task* task = FindTask(tree, "tune", options.file, options.task, options.suite);
    if (!task) return 2;
    craft::TuneRequest request{options.file, *source, task, {}, options.maxCandidates};
    request.eval.suiteRoot = tree.root;
    request.eval.shapeMode = *mode;
    request.eval.outDir = options.outDir;
    request.eval.cacheDir = CacheDirOption(options.cacheDir);
    request.eval.jobs = options.jobs;
    request.eval.oracle =
        bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, request.eval.cacheDir / "golden");
    const craft::TuneResult result = craft::Tune(request, std::cout);
    Print(result.diagnostics);
    if (!result.best) return 1;
    std::cout << craft::TuneTable(result, *task);
    const fs::path tuned = TunedFile(options);
    craft::WriteTextFile(tuned, result.bestSource);
    std::cout << "tuned program: " << tuned.string() << '\n';
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "akgen craft tune: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace akgen
