#include "gen/prompt/task_prompt.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <regex>
#include <stdexcept>

#include "bench/task/task_tree.h"
#include "craft/check/primitives.h"
#include "craft/craft.h"
#include "gen/prompt/prompt_template.h"

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

const bench::TaskTree& Suite() {
  static const bench::TaskTree tree = bench::ReadTaskTree(AKGEN_BUILTIN_SUITE_DIR);
  return tree;
}

const bench::Task& SuiteTask(const std::string& key) {
  const bench::Task* task = Suite().Find(key);
  if (task == nullptr) throw std::runtime_error("the built-in suite has no " + key);
  return *task;
}

const bench::Task& Muls() { return SuiteTask("level1/Math/Muls"); }

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void WriteFile(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "akgen-prompt-test-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

PromptOptions Options(Route route, bench::TemplateMode templateMode, bench::ShapeMode shapeMode) {
  PromptOptions options;
  options.route = route;
  options.templateMode = templateMode;
  options.shapeMode = shapeMode;
  return options;
}

std::string Prompt(const bench::Task& task, const PromptOptions& options) {
  const std::vector<ChatMessage> messages = TaskPrompt(task, options);
  EXPECT_EQ(messages.size(), 1u);  // one user message, no system prompt, as NPUKernelBench sends
  EXPECT_EQ(messages.at(0).role, "user");
  return messages.at(0).content;
}

// No field of ours is left in a prompt.
void ExpectNoFieldsLeft(const std::string& prompt) {
  EXPECT_FALSE(std::regex_search(prompt, std::regex(R"(\{\{ *[A-Za-z_][A-Za-z0-9_]* *\}\})"))) << prompt;
}

TEST(TaskPromptTest, KernelOnlyStaticShowsItsCaseRowDtypeTemplatesAndTags) {
  ASSERT_FALSE(Suite().HasErrors());
  const std::string prompt =
      Prompt(Muls(), Options(Route::Direct, bench::TemplateMode::KernelOnly, bench::ShapeMode::Static));
  for (const char* expected : {"case_id: 0\n", "shape: [8, 1024]\n", "dtype: float16\n", "value: 2.5\n",
                               "Supported data types: float16\n", "<kernel_impl>", "</kernel_impl>",
                               "op_kernel/muls.cpp", "GET_TILING_DATA", "TilingDataDef", "196608", "48 vector cores",
                               "Multiplies every element of a tensor", "class Muls : public OpDef"})
    EXPECT_NE(prompt.find(expected), std::string::npos) << expected;
  // The kernel template is the output skeleton, as the task ships it.
  const std::string kernelTemplate = ReadFile(*Muls().files.questionKernel);
  EXPECT_NE(prompt.find(kernelTemplate.substr(0, kernelTemplate.find_last_not_of("\n") + 1)), std::string::npos);
  EXPECT_EQ(prompt.find("[4093]"), std::string::npos);  // another case's shape
  ExpectNoFieldsLeft(prompt);
}

TEST(TaskPromptTest, StaticModeShowsTheChosenCase) {
  PromptOptions options = Options(Route::Direct, bench::TemplateMode::KernelOnly, bench::ShapeMode::Static);
  options.caseId = 4;
  const std::string prompt = Prompt(Muls(), options);
  EXPECT_NE(prompt.find("shape: [3, 17, 129]\n"), std::string::npos);
  EXPECT_NE(prompt.find("Supported data types: float32\n"), std::string::npos);
  EXPECT_EQ(prompt.find("[8, 1024]"), std::string::npos);
  options.caseId = 99;
  EXPECT_THROW(TaskPrompt(Muls(), options), std::invalid_argument);
}

TEST(TaskPromptTest, DynamicShowsEveryCaseUnderTheHeader) {
  const std::string prompt =
      Prompt(Muls(), Options(Route::Direct, bench::TemplateMode::Full, bench::ShapeMode::Dynamic));
  EXPECT_NE(prompt.find("case_id;shape;dtype;value\n"), std::string::npos);
  ASSERT_EQ(Muls().cases.size(), 6u);
  for (const bench::TestCase& testCase : Muls().cases) {
    const std::string row = std::to_string(testCase.id) + ";" + testCase.values.at("shape") + ";" +
                            testCase.values.at("dtype") + ";" + testCase.values.at("value") + "\n";
    EXPECT_NE(prompt.find(row), std::string::npos) << row;
  }
  EXPECT_NE(prompt.find("Supported data types: float16, float32, bfloat16"), std::string::npos);
}

TEST(TaskPromptTest, FullAsksForTheThreeFilesUnderTheirHeaders) {
  const std::string prompt =
      Prompt(Muls(), Options(Route::Direct, bench::TemplateMode::Full, bench::ShapeMode::Static));
  for (const char* header : {"================== op_host/muls_tiling.h ==================\n",
                             "================== op_host/muls.cpp ==================\n",
                             "================== op_kernel/muls.cpp ==================\n"})
    EXPECT_NE(prompt.find(header), std::string::npos) << header;
  EXPECT_NE(prompt.find("REGISTER_TILING_DATA_CLASS(Muls, <struct>)"), std::string::npos);
  EXPECT_NE(prompt.find("SetBlockDim(platform_ascendc::PlatformAscendCManager"), std::string::npos);  // host template
  EXPECT_EQ(prompt.find("<kernel_impl>"), std::string::npos);
  ExpectNoFieldsLeft(prompt);
}

TEST(TaskPromptTest, DslShowsTheReferenceAndProgramsOfTheSameCategoryButNotItsOwn) {
  PromptOptions options = Options(Route::Dsl, bench::TemplateMode::Full, bench::ShapeMode::Dynamic);
  options.examples = DslExamplesFor(Muls(), Suite().tasks);
  const std::string prompt = Prompt(Muls(), options);
  EXPECT_NE(prompt.find("# craft: the kernel language you write in"), std::string::npos);
  EXPECT_NE(prompt.find("| whole-buffer reductions |"), std::string::npos);
  EXPECT_NE(prompt.find("op Sqrt:"), std::string::npos);  // level1/Math, like Muls
  EXPECT_NE(prompt.find("```craft\n"), std::string::npos);
  EXPECT_NE(prompt.find("`op Muls:`"), std::string::npos);  // the header the answer must have
  EXPECT_EQ(prompt.find("op Muls:\n"), std::string::npos);   // the task's own solution
  EXPECT_EQ(prompt.find(ReadFile(Muls().directory / "answer/dsl/muls.craft").substr(0, 60)), std::string::npos);
  ExpectNoFieldsLeft(prompt);
}

TEST(DslExamplesTest, SameCategoryFirstNeverTheTaskItself) {
  const std::vector<const bench::Task*> examples = DslExamplesFor(Muls(), Suite().tasks);
  ASSERT_EQ(examples.size(), 3u);
  for (const bench::Task* example : examples) {
    EXPECT_EQ(example->category, "Math") << example->Key();
    EXPECT_NE(example->Key(), Muls().Key());
  }
  // MseLoss is alone in its category: then the closest level.
  const std::vector<const bench::Task*> forLoss = DslExamplesFor(SuiteTask("level2/Loss/MseLoss"), Suite().tasks, 2);
  ASSERT_EQ(forLoss.size(), 2u);
  for (const bench::Task* example : forLoss) {
    EXPECT_EQ(example->level, 2) << example->Key();
    EXPECT_NE(example->Key(), "level2/Loss/MseLoss");
  }
}

TEST(TaskPromptTest, MissingApiDescIsSaidWithTheOpAndItsColumns) {
  bench::Task task = Muls();
  task.files.apiDesc.reset();
  const std::string prompt =
      Prompt(task, Options(Route::Direct, bench::TemplateMode::KernelOnly, bench::ShapeMode::Static));
  EXPECT_NE(prompt.find("This task has no api_desc.md. The operator is Muls"), std::string::npos);
  EXPECT_NE(prompt.find("shape, dtype, value"), std::string::npos);
}

TEST(TaskPromptTest, EveryBuiltinTaskRendersInEveryMode) {
  for (const bench::Task& task : Suite().tasks)
    for (const bench::ShapeMode shapeMode : {bench::ShapeMode::Static, bench::ShapeMode::Dynamic}) {
      PromptOptions options = Options(Route::Direct, bench::TemplateMode::KernelOnly, shapeMode);
      options.caseId = task.cases.front().id;
      ExpectNoFieldsLeft(Prompt(task, options));
      options.templateMode = bench::TemplateMode::Full;
      ExpectNoFieldsLeft(Prompt(task, options));
      options.route = Route::Dsl;
      options.examples = DslExamplesFor(task, Suite().tasks);
      ExpectNoFieldsLeft(Prompt(task, options));
    }
}

TEST(PromptsFolderTest, AFileInTheOverrideFolderReplacesOnlyThatTemplate) {
  ScratchDir prompts;
  WriteFile(prompts.path() / "hardware.md", "SoC: a test chip with 7 cores\n");
  PromptOptions options = Options(Route::Direct, bench::TemplateMode::KernelOnly, bench::ShapeMode::Static);
  options.promptsDir = prompts.path();
  std::string prompt = Prompt(Muls(), options);
  EXPECT_NE(prompt.find("SoC: a test chip with 7 cores"), std::string::npos);
  EXPECT_EQ(prompt.find("196608 bytes\n"), std::string::npos);
  EXPECT_NE(prompt.find("<kernel_impl>"), std::string::npos);  // the built-in main template

  WriteFile(prompts.path() / "direct_kernel_only.md", "Write {{kernel_name}} for:\n{{cases}}\n");
  prompt = Prompt(Muls(), options);
  EXPECT_EQ(prompt.rfind("Write muls for:\nThe one case", 0), 0u) << prompt;
}

TEST(PromptsFolderTest, AnUnknownFieldIsAnErrorNamingTheFileAndLine) {
  ScratchDir prompts;
  WriteFile(prompts.path() / "direct_full.md", "Implement {{op_name}}.\n\nUse {{ no_such_field }} here.\n");
  PromptOptions options = Options(Route::Direct, bench::TemplateMode::Full, bench::ShapeMode::Static);
  options.promptsDir = prompts.path();
  try {
    TaskPrompt(Muls(), options);
    FAIL() << "no error";
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find((prompts.path() / "direct_full.md").string() + ":3:"), std::string::npos) << message;
    EXPECT_NE(message.find("no_such_field"), std::string::npos) << message;
  }
}

TEST(PromptTemplateTest, ValuesAreInsertedLiterallyAndBracedCodeIsText) {
  const PromptTemplate prompt{"t.md", "t.md", "a {{ x }} b {{y}} c DataCopyExtParams p{{1, 2}};\n"};
  EXPECT_EQ(RenderPrompt(prompt, {{"x", "{{y}}"}, {"y", "Y"}}), "a {{y}} b Y c DataCopyExtParams p{{1, 2}};\n");
  EXPECT_THROW(RenderPrompt(prompt, {{"x", "X"}}), std::runtime_error);
}

TEST(PromptTemplateTest, AMissingTemplateNamesTheFile) {
  try {
    LoadPromptTemplate("no_such_template.md", "");
    FAIL() << "no error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("no_such_template.md"), std::string::npos);
  }
}

std::string DslReference() { return ReadFile(fs::path(AKGEN_PROMPTS_DIR) / "dsl_reference.md"); }

TEST(DslReferenceTest, ItsProgramPassesTheChecker) {
  const std::string reference = DslReference();
  const size_t open = reference.find("```craft\n");
  ASSERT_NE(open, std::string::npos);
  const size_t begin = open + 9;
  const std::string program = reference.substr(begin, reference.find("```", begin) - begin);
  const craft::CheckResult result = craft::Check(program, "dsl_reference.md");
  std::string diagnostics;
  for (const craft::Diagnostic& diagnostic : result.diagnostics) diagnostics += craft::Format(diagnostic);
  EXPECT_TRUE(result.diagnostics.empty()) << diagnostics;
}

TEST(DslReferenceTest, ItNamesEveryPrimitive) {
  const std::string reference = DslReference();
  for (int i = 0; i <= static_cast<int>(craft::kLastPrimitive); ++i) {
    const std::string name(craft::InfoOf(static_cast<craft::Primitive>(i)).name);
    EXPECT_TRUE(std::regex_search(reference, std::regex("[` ]" + name + "[` (]"))) << name;
  }
}

}  // namespace
}  // namespace akgen::gen
