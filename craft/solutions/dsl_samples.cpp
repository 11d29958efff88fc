#include "craft/solutions/dsl_samples.h"

#include <algorithm>

#include "craft/check/op_def_signature.h"
#include "craft/craft.h"
#include "craft/program_files.h"

namespace akgen::craft {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> Programs(const fs::path& directory) {
  std::vector<fs::path> programs;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory, error))
    if (entry.is_regular_file() && entry.path().extension() == ".craft") programs.push_back(entry.path());
  std::sort(programs.begin(), programs.end());
  return programs;
}

}  // namespace

bool WriteDslSample(const std::string& source, const fs::path& program, const fs::path& sample, const bench::Task* task) {
  std::optional<TaskSignature> signature;
  if (task && task->files.questionHost) signature = ReadTaskSignature(*task->files.questionHost);
  const CompileResult result = Compile(source, program.string(), signature ? &*signature : nullptr);
  if (result.op) {
    WriteSources(*result.op, sample);
  } else {
    std::string log;
    for (const Diagnostic& diagnostic : result.diagnostics) log += Format(diagnostic);
    WriteTextFile(sample / bench::kGeneratorErrorFile, log);
  }
  // Last, so a sample holding its program is complete even if writing was interrupted.
  WriteTextFile(sample / kSampleProgramFolder / program.filename(), source);
  return result.op.has_value();
}

void MakeReadableByAll(const fs::path& root) {
  constexpr fs::perms kFolder = fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec;
  constexpr fs::perms kFile = fs::perms::group_read | fs::perms::others_read;
  fs::permissions(root, kFolder, fs::perm_options::add);
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root))
    fs::permissions(entry.path(), entry.is_directory() ? kFolder : kFile, fs::perm_options::add);
}

fs::path DslSolutionDirectory(const bench::Task& task) { return task.directory / "answer" / "dsl"; }

DslSamples WriteDslSamples(const std::vector<const bench::Task*>& tasks, const fs::path& root) {
  DslSamples samples;
  fs::remove_all(root);
  for (const bench::Task* task : tasks) {
    const std::vector<fs::path> programs = Programs(DslSolutionDirectory(*task));
    if (programs.empty()) {
      samples.problems.push_back(task->Key() + ": no DSL solution in " + DslSolutionDirectory(*task).string());
      continue;
    }
    for (size_t i = 0; i < programs.size(); ++i) {
      try {
        const bool compiled =
            WriteDslSample(ReadProgram(programs[i]), programs[i], root / task->Key() / ("sample" + std::to_string(i)), task);
        ++(compiled ? samples.compiled : samples.failed);
      } catch (const std::runtime_error& error) {
        samples.problems.push_back(error.what());
      }
    }
  }
  if (fs::exists(root)) MakeReadableByAll(root);
  return samples;
}

}  // namespace akgen::craft
