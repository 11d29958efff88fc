// One benchmark task: an NPUKernelBench folder `tasks/level<N>/<Category>/<Op>/`, or a
// MultiKernelBench file `reference/<category>/<task>.py` (bench/task/mkb_tree.h), and what the
// reader found in it. Paths are absolute or relative as the tree root was given; a missing optional
// file is an empty optional, never a guessed path.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/task/test_cases_csv.h"

namespace akgen::bench {

// The golden implementation `answer/0/` in cann-ops layout. File names vary between tasks
// (`abs_tiling.h` for AbsMath, `*_def.cpp`, `*_proto.cpp`, kernel headers in subfolders), so every
// file below `op_host/` and `op_kernel/` is listed, sorted.
struct AnswerFiles {
  std::filesystem::path directory;
  std::vector<std::filesystem::path> hostFiles;
  std::vector<std::filesystem::path> kernelFiles;
};

enum class TaskFormat { NpuKernelBench, MultiKernelBench };

struct TaskFiles {
  std::optional<std::filesystem::path> apiDesc;         // api_desc.md (only the prompt needs it)
  std::optional<std::filesystem::path> questionHost;    // question/op_host/<kernel>.cpp
  std::optional<std::filesystem::path> questionKernel;  // question/op_kernel/<kernel>.cpp
  std::optional<AnswerFiles> answer;                    // GatherV3, ApplyAdamWV2, Gemv, Mla have none
  std::filesystem::path module;                         // validation/module.py; MultiKernelBench: the task file
  std::filesystem::path prepareInputs;                  // validation/prepare_inputs.py
  std::filesystem::path pybind;                         // validation/pybind.cpp
  std::filesystem::path testCases;                      // validation/test_cases.csv
};

struct Task {
  TaskFormat format = TaskFormat::NpuKernelBench;
  int level = 0;           // 1..3 from `level<N>`; 0 for MultiKernelBench, which has no levels
  std::string category;    // `Math`; MultiKernelBench: the folder, `activation`
  std::string folderName;  // `Sqrt`; the task's identity in keys and filters; MultiKernelBench: `leaky_relu`
  std::string opName;      // the folder name up to its first '_', as NPUKernelBench derives it; `LeakyReluCustom`
  std::string kernelName;  // snake_case of opName: `sqrt`, `top_kv3`; `leaky_relu_custom`
  std::filesystem::path directory;
  TaskFiles files;
  std::vector<std::string> caseColumns;
  std::vector<TestCase> cases;

  // `level1/Math/Sqrt` (MultiKernelBench: `activation/leaky_relu`): the task's name in results,
  // filters and reports.
  std::string Key() const;
  const TestCase* FindCase(int caseId) const;
};

std::string TaskKey(int level, const std::string& category, const std::string& folderName);

// `1` or `level1` (the folder name); nullopt for anything else.
std::optional<int> ParseLevel(std::string_view text);

}  // namespace akgen::bench
