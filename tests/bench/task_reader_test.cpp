#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "bench/task/candidate.h"
#include "bench/task/evaluation_unit.h"
#include "bench/task/mkb_tree.h"
#include "bench/task/task_filter.h"
#include "bench/task/task_tree.h"

namespace akgen::bench {
namespace {
namespace fs = std::filesystem;

const fs::path kTasks = fs::path(AKGEN_TEST_DATA_DIR) / "tasks";
const fs::path kSamples = fs::path(AKGEN_TEST_DATA_DIR) / "samples";

// A copy of the fixture tree that a test may damage.
class TreeCopy {
 public:
  TreeCopy() : root_(fs::temp_directory_path() / ("akgen_task_reader_" + std::to_string(std::random_device{}()))) {
    fs::copy(kTasks, root_, fs::copy_options::recursive);
  }
  ~TreeCopy() { fs::remove_all(root_); }
  const fs::path& Root() const { return root_; }
  fs::path Halve() const { return root_ / "level1/Math/Halve"; }
  void Write(const fs::path& relative, const std::string& text) const {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative, std::ios::binary) << text;
  }

 private:
  fs::path root_;
};

std::vector<std::string> Keys(const std::vector<Task>& tasks) {
  std::vector<std::string> keys;
  for (const Task& task : tasks) keys.push_back(task.Key());
  return keys;
}

std::vector<std::string> Messages(const TaskTree& tree) {
  std::vector<std::string> messages;
  for (const TaskProblem& problem : tree.problems) messages.push_back(ToString(problem));
  return messages;
}

bool AnyMessageContains(const TaskTree& tree, const std::string& text) {
  const std::vector<std::string> messages = Messages(tree);
  return std::any_of(messages.begin(), messages.end(),
                     [&](const std::string& message) { return message.find(text) != std::string::npos; });
}

std::vector<std::string> FileNames(const std::vector<fs::path>& files, const fs::path& base) {
  std::vector<std::string> names;
  for (const fs::path& file : files) names.push_back(fs::relative(file, base).generic_string());
  return names;
}

TEST(TaskReaderTest, ReadsTheFixtureTree) {
  const TaskTree tree = ReadTaskTree(kTasks);
  EXPECT_TRUE(tree.problems.empty()) << Messages(tree).front();
  EXPECT_EQ(Keys(tree.tasks), (std::vector<std::string>{"level1/Math/Halve", "level2/Activation/ScaledTanhV2"}));

  const Task& halve = tree.tasks[0];
  EXPECT_EQ(halve.level, 1);
  EXPECT_EQ(halve.category, "Math");
  EXPECT_EQ(halve.opName, "Halve");
  EXPECT_EQ(halve.kernelName, "halve");
  EXPECT_EQ(halve.directory, kTasks / "level1/Math/Halve");
  EXPECT_EQ(halve.files.apiDesc, halve.directory / "api_desc.md");
  EXPECT_EQ(halve.files.questionHost, halve.directory / "question/op_host/halve.cpp");
  EXPECT_EQ(halve.files.questionKernel, halve.directory / "question/op_kernel/halve.cpp");
  EXPECT_EQ(halve.files.testCases, halve.directory / "validation/test_cases.csv");
  EXPECT_EQ(halve.files.pybind, halve.directory / "validation/pybind.cpp");
  ASSERT_TRUE(halve.files.answer.has_value());
  const fs::path answer = halve.directory / "answer/0";
  EXPECT_EQ(FileNames(halve.files.answer->hostFiles, answer),
            (std::vector<std::string>{"op_host/halve.cpp", "op_host/halve_tiling.h"}));
  EXPECT_EQ(FileNames(halve.files.answer->kernelFiles, answer),
            (std::vector<std::string>{"op_kernel/detail/halve_impl.h", "op_kernel/halve.cpp"}));
  ASSERT_EQ(halve.cases.size(), 3u);
  EXPECT_EQ(halve.cases[2].values.at("shape"), "[2, 5, 7]");
  EXPECT_EQ(halve.cases[2].values.at("dtype"), "bfloat16");
}

TEST(TaskReaderTest, RecordsAMissingAnswerAndReadsTrickyTables) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const Task* tanh = tree.Find("level2/Activation/ScaledTanhV2");
  ASSERT_NE(tanh, nullptr);
  EXPECT_EQ(tanh->kernelName, "scaled_tanh_v2");
  EXPECT_FALSE(tanh->files.answer.has_value());
  EXPECT_EQ(tanh->caseColumns, (std::vector<std::string>{"case_id", "shape", "dtype", "scale"}));
  ASSERT_EQ(tanh->cases.size(), 3u);
  EXPECT_EQ(tanh->cases[1].id, 2);
  EXPECT_EQ(tanh->cases[1].values.at("shape"), "[[1, 2], [3]]");
  EXPECT_EQ(tanh->cases[2].values.at("scale"), "-1");
}

TEST(TaskReaderTest, ABrokenTaskIsReportedAndTheOthersAreStillRead) {
  const TreeCopy tree;
  tree.Write("level1/Math/Halve/validation/test_cases.csv", "case_id;shape;dtype\n0;[1];float16\n1;[2]\n");
  const TaskTree read = ReadTaskTree(tree.Root());
  EXPECT_EQ(Keys(read.tasks), std::vector<std::string>{"level2/Activation/ScaledTanhV2"});
  ASSERT_EQ(read.problems.size(), 1u);
  EXPECT_TRUE(read.HasErrors());
  EXPECT_EQ(read.problems[0].task, "level1/Math/Halve");
  EXPECT_EQ(ToString(read.problems[0]),
            "error: " + (tree.Halve() / "validation/test_cases.csv").string() +
                ":3: expected 3 fields separated by ';', found 2; give every row one value per header column");
}

TEST(TaskReaderTest, AMissingValidationFileDropsTheTask) {
  const TreeCopy tree;
  fs::remove(tree.Halve() / "validation/pybind.cpp");
  const TaskTree read = ReadTaskTree(tree.Root());
  EXPECT_EQ(read.tasks.size(), 1u);
  EXPECT_TRUE(AnyMessageContains(read, "error: " + (tree.Halve() / "validation/pybind.cpp").string() + ": missing"));
}

TEST(TaskReaderTest, FallsBackToTheCategoryCommonFolderLikeNpuKernelBench) {
  const TreeCopy tree;
  fs::create_directories(tree.Root() / "level1/Math/common/validation");
  fs::rename(tree.Halve() / "validation/pybind.cpp", tree.Root() / "level1/Math/common/validation/pybind.cpp");
  const TaskTree read = ReadTaskTree(tree.Root());
  EXPECT_TRUE(read.problems.empty()) << Messages(read).front();
  ASSERT_EQ(read.tasks.size(), 2u);
  EXPECT_EQ(read.tasks[0].files.pybind, tree.Root() / "level1/Math/common/validation/pybind.cpp");
}

TEST(TaskReaderTest, MissingOptionalFilesAreWarningsAndLeftEmpty) {
  const TreeCopy tree;
  fs::remove(tree.Halve() / "api_desc.md");
  fs::rename(tree.Halve() / "question/op_host/halve.cpp", tree.Halve() / "question/op_host/halve_v2.cpp");
  const TaskTree read = ReadTaskTree(tree.Root());
  ASSERT_EQ(read.tasks.size(), 2u);
  EXPECT_FALSE(read.HasErrors());
  EXPECT_FALSE(read.tasks[0].files.apiDesc.has_value());
  EXPECT_FALSE(read.tasks[0].files.questionHost.has_value());
  EXPECT_TRUE(read.tasks[0].files.questionKernel.has_value());
  EXPECT_TRUE(AnyMessageContains(
      read, "warning: " + (tree.Halve() / "question/op_host/halve.cpp").string() + ": missing (found halve_v2.cpp)"));
  EXPECT_TRUE(AnyMessageContains(read, "api_desc.md: missing"));
}

TEST(TaskReaderTest, DerivesOpAndKernelNamesFromTheFolderAsNpuKernelBenchDoes) {
  const TreeCopy tree;
  fs::rename(tree.Root() / "level2/Activation/ScaledTanhV2", tree.Root() / "level2/Activation/TopKV3_variant");
  const TaskTree read = ReadTaskTree(tree.Root());
  const Task* task = read.Find("level2/Activation/TopKV3_variant");
  ASSERT_NE(task, nullptr);
  EXPECT_EQ(task->opName, "TopKV3");
  EXPECT_EQ(task->kernelName, "top_kv3");
}

TEST(TaskReaderTest, ReportsTreeLevelProblems) {
  const TaskTree missing = ReadTaskTree("/nonexistent/tasks");
  EXPECT_TRUE(missing.tasks.empty());
  EXPECT_TRUE(AnyMessageContains(missing, "/nonexistent/tasks: not a directory"));

  const TreeCopy tree;
  fs::create_directories(tree.Root() / "levelX/Math");
  fs::create_directories(tree.Root() / "docs");
  const TaskTree read = ReadTaskTree(tree.Root());
  EXPECT_EQ(read.tasks.size(), 2u);
  EXPECT_EQ(Messages(read), std::vector<std::string>{"error: " + (tree.Root() / "levelX").string() +
                                                     ": not a level folder; name levels level1, level2, level3"});
  EXPECT_TRUE(AnyMessageContains(ReadTaskTree(tree.Root() / "docs"), "no level<N> folders"));
}

TEST(TaskReaderTest, FiltersByLevelCategoryAndTaskAndNamesUnmatchedValues) {
  const TaskTree tree = ReadTaskTree(kTasks);
  auto keys = [](const FilteredTasks& filtered) {
    std::vector<std::string> keys;
    for (const Task* task : filtered.tasks) keys.push_back(task->Key());
    return keys;
  };
  EXPECT_EQ(keys(FilterTasks(tree.tasks, {})).size(), 2u);
  EXPECT_EQ(keys(FilterTasks(tree.tasks, {{2}, {}, {}})), std::vector<std::string>{"level2/Activation/ScaledTanhV2"});
  EXPECT_EQ(keys(FilterTasks(tree.tasks, {{}, {"Math"}, {}})), std::vector<std::string>{"level1/Math/Halve"});
  EXPECT_EQ(keys(FilterTasks(tree.tasks, {{}, {}, {"Halve"}})), std::vector<std::string>{"level1/Math/Halve"});
  EXPECT_EQ(keys(FilterTasks(tree.tasks, {{}, {}, {"level2/Activation/ScaledTanhV2"}})),
            std::vector<std::string>{"level2/Activation/ScaledTanhV2"});

  const FilteredTasks none = FilterTasks(tree.tasks, {{1}, {"Activation"}, {"Sqrt"}});
  EXPECT_TRUE(none.tasks.empty());
  EXPECT_EQ(none.unmatched, (std::vector<std::string>{"--level 1", "--category Activation", "--task Sqrt"}));
}

TEST(TaskReaderTest, ParsesLevelNames) {
  EXPECT_EQ(ParseLevel("2"), 2);
  EXPECT_EQ(ParseLevel("level3"), 3);
  EXPECT_EQ(ParseLevel("level"), std::nullopt);
  EXPECT_EQ(ParseLevel("0"), std::nullopt);
  EXPECT_EQ(ParseLevel("level1x"), std::nullopt);
}

TEST(TaskReaderTest, ListsSamplesInNumericOrderAndDetectsTheirTemplateMode) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const std::vector<Candidate> candidates = SampleCandidates(kSamples, tree.tasks[0]);
  ASSERT_EQ(candidates.size(), 4u);
  EXPECT_EQ(candidates[0].sample, 0);
  EXPECT_EQ(candidates[0].templateMode, TemplateMode::KernelOnly);
  EXPECT_TRUE(candidates[0].problem.empty());
  EXPECT_EQ(candidates[0].kernelFiles.size(), 1u);
  EXPECT_EQ(candidates[1].sample, 1);
  EXPECT_EQ(candidates[1].templateMode, TemplateMode::Full);
  EXPECT_EQ(FileNames(candidates[1].hostFiles, candidates[1].directory),
            (std::vector<std::string>{"op_host/halve.cpp", "op_host/halve_tiling.h"}));
  EXPECT_EQ(candidates[2].sample, 2);
  EXPECT_NE(candidates[2].problem.find("op_kernel: no kernel source"), std::string::npos);
  EXPECT_EQ(candidates[3].sample, 10);
  EXPECT_EQ(candidates[3].taskKey, "level1/Math/Halve");

  EXPECT_TRUE(SampleCandidates(kSamples, tree.tasks[1]).empty());
}

// A sample whose sources a generator could not produce (a DSL program that does not compile) holds
// the generator's log instead, and is a compile error with it, not a missing kernel.
TEST(TaskReaderTest, ASampleWithAGeneratorLogCarriesIt) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const fs::path samples = fs::temp_directory_path() / ("akgen-generator-log-" + std::to_string(getpid()));
  const fs::path sample = samples / tree.tasks[0].Key() / "sample0";
  fs::create_directories(sample);
  std::ofstream(sample / kGeneratorErrorFile) << "halve.craft:3:9: error: unknown name 'xx' [unknown-name]\n";
  const std::vector<Candidate> candidates = SampleCandidates(samples, tree.tasks[0]);
  fs::remove_all(samples);
  ASSERT_EQ(candidates.size(), 1u);
  EXPECT_EQ(candidates[0].problem, "") << "not a parse error: the kernel is missing because generation failed";
  EXPECT_EQ(candidates[0].generatorLog, "halve.craft:3:9: error: unknown name 'xx' [unknown-name]\n");
}

// A generated sample whose response held no source keeps the parser's reason, which becomes the
// parse_error's detail instead of a generic "no kernel source".
TEST(TaskReaderTest, ASampleWithAParseErrorCarriesItsReason) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const fs::path samples = fs::temp_directory_path() / ("akgen-parse-error-" + std::to_string(getpid()));
  const fs::path sample = samples / tree.tasks[0].Key() / "sample0";
  fs::create_directories(sample);
  std::ofstream(sample / kParseErrorFile) << "the response has no <kernel_impl> block";
  const std::vector<Candidate> candidates = SampleCandidates(samples, tree.tasks[0]);
  fs::remove_all(samples);
  ASSERT_EQ(candidates.size(), 1u);
  EXPECT_EQ(candidates[0].problem, "the response has no <kernel_impl> block");
}

TEST(TaskReaderTest, TheAnswerIsSampleZeroInFullMode) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const Candidate answer = AnswerCandidate(tree.tasks[0]);
  EXPECT_EQ(answer.sample, 0);
  EXPECT_EQ(answer.templateMode, TemplateMode::Full);
  EXPECT_TRUE(answer.problem.empty());
  EXPECT_EQ(answer.kernelFiles, tree.tasks[0].files.answer->kernelFiles);
  EXPECT_EQ(answer.hostFiles, tree.tasks[0].files.answer->hostFiles);

  const Candidate none = AnswerCandidate(tree.tasks[1]);
  EXPECT_NE(none.problem.find("the task has no answer"), std::string::npos);
}

std::vector<std::pair<int, std::vector<int>>> SamplesAndCases(const EvaluationPlan& plan) {
  std::vector<std::pair<int, std::vector<int>>> pairs;
  for (const EvaluationUnit& unit : plan.units) pairs.emplace_back(unit.candidate.sample, unit.caseIds);
  return pairs;
}

TEST(EvaluationUnitTest, StaticModeRunsCaseZeroByDefaultOneUnitPerSample) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const std::vector<Candidate> candidates = SampleCandidates(kSamples, tree.tasks[0]);
  const EvaluationPlan plan = PlanEvaluation(tree.tasks[0], candidates, ShapeMode::Static);
  EXPECT_TRUE(plan.problem.empty());
  using Units = std::vector<std::pair<int, std::vector<int>>>;
  EXPECT_EQ(SamplesAndCases(plan), (Units{{0, {0}}, {1, {0}}, {2, {0}}, {10, {0}}}));
  EXPECT_EQ(plan.units[0].task, &tree.tasks[0]);

  EXPECT_EQ(SamplesAndCases(PlanEvaluation(tree.tasks[0], {candidates[0]}, ShapeMode::Static, CaseSelection::One(2))),
            (Units{{0, {2}}}));
  EXPECT_EQ(SamplesAndCases(PlanEvaluation(tree.tasks[0], {candidates[0]}, ShapeMode::Static, CaseSelection::All())),
            (Units{{0, {0}}, {0, {1}}, {0, {2}}}));
}

TEST(EvaluationUnitTest, CaseIsACaseIdNotARowNumber) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const Task& tanh = tree.tasks[1];  // case ids 0, 2, 5
  const Candidate answer = AnswerCandidate(tanh);
  using Units = std::vector<std::pair<int, std::vector<int>>>;
  EXPECT_EQ(SamplesAndCases(PlanEvaluation(tanh, {answer}, ShapeMode::Static, CaseSelection::One(5))),
            (Units{{0, {5}}}));
  const EvaluationPlan missing = PlanEvaluation(tanh, {answer}, ShapeMode::Static, CaseSelection::One(1));
  EXPECT_TRUE(missing.units.empty());
  EXPECT_NE(missing.problem.find("no case_id 1 in level2/Activation/ScaledTanhV2 (its cases: 0, 2, 5)"),
            std::string::npos);
}

TEST(EvaluationUnitTest, DefaultsToTheFirstRowWhenThereIsNoCaseZero) {
  TaskTree tree = ReadTaskTree(kTasks);
  Task task = tree.tasks[1];
  task.cases.erase(task.cases.begin());  // ids 2, 5
  using Units = std::vector<std::pair<int, std::vector<int>>>;
  EXPECT_EQ(SamplesAndCases(PlanEvaluation(task, {AnswerCandidate(task)}, ShapeMode::Static)), (Units{{0, {2}}}));
}

TEST(EvaluationUnitTest, DynamicModeRunsEveryCaseInOneUnitPerSample) {
  const TaskTree tree = ReadTaskTree(kTasks);
  const std::vector<Candidate> candidates = SampleCandidates(kSamples, tree.tasks[0]);
  using Units = std::vector<std::pair<int, std::vector<int>>>;
  EXPECT_EQ(SamplesAndCases(PlanEvaluation(tree.tasks[0], candidates, ShapeMode::Dynamic)),
            (Units{{0, {0, 1, 2}}, {1, {0, 1, 2}}, {2, {0, 1, 2}}, {10, {0, 1, 2}}}));
  EXPECT_EQ(ParseShapeMode("dynamic"), ShapeMode::Dynamic);
  EXPECT_EQ(ParseShapeMode(ToString(ShapeMode::Static)), ShapeMode::Static);
  EXPECT_EQ(ParseShapeMode("Static"), std::nullopt);
}


// --- MultiKernelBench trees (bench/task/mkb_tree.h) ---

const fs::path kMkbTree = fs::path(AKGEN_TEST_DATA_DIR) / "mkb_tree";

TEST(MkbTreeTest, ReadsCategoriesAsFoldersAndTasksAsFilesFromTheRepositoryOrItsReferenceFolder) {
  for (const fs::path& root : {kMkbTree, kMkbTree / "reference"}) {
    const TaskTree tree = ReadTaskTree(root);
    EXPECT_TRUE(tree.problems.empty()) << ::testing::PrintToString(Messages(tree));
    EXPECT_EQ(tree.root, kMkbTree / "reference");
    EXPECT_EQ(Keys(tree.tasks), (std::vector<std::string>{"activation/clipped_relu", "loss/mean_abs_loss",
                                                           "npukernelbench_level1/3_scaled_add"}))
        << "files starting with _ are skipped";
  }
  const TaskTree tree = ReadTaskTree(kMkbTree);
  const Task& relu = *tree.Find("activation/clipped_relu");
  EXPECT_EQ(relu.format, TaskFormat::MultiKernelBench);
  EXPECT_EQ(relu.level, 0);
  EXPECT_EQ(relu.category, "activation");
  EXPECT_EQ(relu.kernelName, "clipped_relu_custom");
  EXPECT_EQ(relu.opName, "ClippedReluCustom");
  EXPECT_EQ(relu.files.module, kMkbTree / "reference/activation/clipped_relu.py");
  ASSERT_EQ(relu.cases.size(), 5u) << "five trials with fresh inputs, as MultiKernelBench checks";
  EXPECT_EQ(relu.cases[4].values.at("case_id"), "4");
}

TEST(MkbTreeTest, AGroupedTaskHasOneCasePerLineOfItsJson) {
  const TaskTree tree = ReadTaskTree(kMkbTree);
  const Task& grouped = *tree.Find("npukernelbench_level1/3_scaled_add");
  ASSERT_EQ(grouped.cases.size(), 3u) << "the blank line is no case";
  EXPECT_EQ(grouped.cases[1].line, 3);
  EXPECT_EQ(grouped.cases[2].id, 2);
  EXPECT_EQ(grouped.opName, "3ScaledAddCustom") << "MultiKernelBench's own name, digits and all";
  EXPECT_EQ(grouped.files.testCases, kMkbTree / "reference/npukernelbench_level1/3_scaled_add.json");
}

TEST(MkbTreeTest, FiltersSelectByCategoryAndByTaskOrKey) {
  const TaskTree tree = ReadTaskTree(kMkbTree);
  EXPECT_EQ(FilterTasks(tree.tasks, {{}, {"loss"}, {}}).tasks.size(), 1u);
  EXPECT_EQ(FilterTasks(tree.tasks, {{}, {}, {"clipped_relu"}}).tasks.size(), 1u);
  EXPECT_EQ(FilterTasks(tree.tasks, {{}, {}, {"activation/clipped_relu"}}).tasks.size(), 1u);
}

TEST(MkbTreeTest, BrokenTasksAreLeftOutWithTheFileAndTheFix) {
  const fs::path root = fs::temp_directory_path() / ("akgen_mkb_reader_" + std::to_string(std::random_device{}()));
  fs::copy(kMkbTree, root, fs::copy_options::recursive);
  std::ofstream(root / "reference/activation/no_model.py") << "def get_inputs():\n    return []\n\ndef get_init_inputs():\n    return []\n";
  std::ofstream(root / "reference/activation/no_inputs.py") << "class Model:\n    pass\n\ndef get_init_inputs():\n    return []\n";
  fs::remove(root / "reference/npukernelbench_level1/3_scaled_add.json");
  const TaskTree tree = ReadTaskTree(root);
  EXPECT_EQ(Keys(tree.tasks), (std::vector<std::string>{"activation/clipped_relu", "loss/mean_abs_loss"}));
  EXPECT_TRUE(AnyMessageContains(tree, "no_model.py: defines no class Model"));
  EXPECT_TRUE(AnyMessageContains(tree, "no_inputs.py: defines neither get_inputs() nor get_input_groups()"));
  EXPECT_TRUE(AnyMessageContains(tree, "3_scaled_add.json: missing; 3_scaled_add.py defines get_input_groups()"));
  fs::remove_all(root);
}

TEST(MkbTreeTest, NpuKernelBenchTreesAreNotTakenForMultiKernelBenchOnes) {
  EXPECT_FALSE(IsMultiKernelBenchTree(kTasks));
  EXPECT_TRUE(IsMultiKernelBenchTree(kMkbTree));
  EXPECT_EQ(MkbPascalCase("l2_norm_custom"), "L2NormCustom");
  EXPECT_EQ(MkbPascalCase("min_gpt_NEW_gelu"), "MinGptNewGelu") << "capitalize() lower-cases the rest";
}

// A generated ModelNew repeats Model's parameters: defaults and annotations kept, over several lines.
TEST(MkbTreeTest, ReadsTheParametersOfModelsConstructorAndForward) {
  const MkbModelSignature signature = ReadMkbModelSignature(
      "import torch\n"
      "class Helper:\n    def forward(self, unrelated):\n        pass\n"
      "class Model(torch.nn.Module):\n"
      "    def __init__(self, negative_slope: float = 0.01,\n                 dims=(1, 2)):\n"
      "        super().__init__()\n"
      "    def forward(self, x: torch.Tensor, y) -> torch.Tensor:\n        return x\n"
      "def get_inputs():\n    return []\n");
  EXPECT_EQ(signature.initParameters, "negative_slope: float = 0.01, dims=(1, 2)");
  EXPECT_EQ(signature.initNames, (std::vector<std::string>{"negative_slope", "dims"}));
  EXPECT_EQ(signature.forwardParameters, "x: torch.Tensor, y");
  EXPECT_EQ(signature.forwardNames, (std::vector<std::string>{"x", "y"}));
  EXPECT_TRUE(ReadMkbModelSignature("class Model:\n    def forward(self):\n        pass\n").initNames.empty());
}

}  // namespace
}  // namespace akgen::bench
