// `akgen eval SUITE --solutions dsl`: the DSL solutions kept beside the tasks
// (`<task>/answer/dsl/*.craft`, in name order) compiled into a samples directory that the harness
// evaluates like any other: sample<i> holds the generated op_host/ and op_kernel/ and a copy of the
// program under dsl/. A program that does not compile leaves its diagnostics as the sample's
// compile_error.txt, which the harness records as a compile_error.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/task/candidate.h"
#include "bench/task/task.h"

namespace akgen::craft {

struct DslSamples {
  int compiled = 0;
  int failed = 0;                     // programs with errors: compile_error samples
  std::vector<std::string> problems;  // tasks without a DSL solution, files that cannot be written
};

// The folder of a sample that holds the copy of its program.
inline constexpr const char* kSampleProgramFolder = "dsl";

// One program (`source`, read from `program`, whose name labels the diagnostics and the copy) into
// one sample folder; true when it compiled. With `task`, the op header must also fit the task's host
// template (a `signature` error is a compile error). The copy of the program is written last: a
// sample that holds it is complete.
bool WriteDslSample(const std::string& source, const std::filesystem::path& program,
                    const std::filesystem::path& sample, const bench::Task* task = nullptr);

// The sandboxed builds run as another user: every folder below `root` must be searchable and every
// file readable, whatever the umask.
void MakeReadableByAll(const std::filesystem::path& root);

// Replaces `root` with one samples tree for `tasks`.
DslSamples WriteDslSamples(const std::vector<const bench::Task*>& tasks, const std::filesystem::path& root);

// The folder of a task's DSL solutions.
std::filesystem::path DslSolutionDirectory(const bench::Task& task);

}  // namespace akgen::craft
