#include "gen/prompt/mkb_prompt.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

#include "bench/task/task_tree.h"
#include "gen/prompt/mkb_examples.h"
#include "gen/prompt/prompt_template.h"
#include "gen/prompt/repair_feedback.h"

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

// A MultiKernelBench tree of our own (tests/bench/data/mkb_tree): activation/clipped_relu and
// loss/mean_abs_loss.
const bench::TaskTree& Tree() {
  static const bench::TaskTree tree = bench::ReadTaskTree(AKGEN_MKB_TREE_DIR);
  return tree;
}

const bench::Task& TreeTask(const std::string& key) {
  const bench::Task* task = Tree().Find(key);
  if (task == nullptr) throw std::runtime_error("the test tree has no " + key);
  return *task;
}

PromptOptions Mkb(MkbStrategy strategy) {
  PromptOptions options;
  options.taskFormat = bench::TaskFormat::MultiKernelBench;
  options.mkbStrategy = strategy;
  return options;
}

// A task of `category` that no example covers the answer of: only its category matters here.
bench::Task TaskOfCategory(const std::string& category) {
  bench::Task task = TreeTask("activation/clipped_relu");
  task.category = category;
  return task;
}

TEST(MkbPrompt, AddShotShowsTheAddExampleAndTheWholeTaskFile) {
  const bench::Task& task = TreeTask("activation/clipped_relu");
  const std::vector<ChatMessage> messages = MkbTaskPrompt(task, Mkb(MkbStrategy::AddShot));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].role, "user");
  const std::string& prompt = messages[0].content;
  EXPECT_NE(prompt.find("return x + y"), std::string::npos) << "the add example's model is missing";
  EXPECT_NE(prompt.find("EXEC_NPU_CMD(aclnnAddCustom, x, y, z);"), std::string::npos) << "its answer is missing";
  EXPECT_NE(prompt.find(PromptFileText(task.files.module)), std::string::npos) << "the task file is not shown whole";
  EXPECT_NE(prompt.find("void clipped_relu_custom("), std::string::npos);
  EXPECT_NE(prompt.find("OP_ADD(ClippedReluCustom)"), std::string::npos);
  EXPECT_NE(prompt.find("custom_ops_lib.clipped_relu_custom"), std::string::npos);
  for (const char* name : {"project_json_src", "host_tiling_src", "host_operator_src", "kernel_src", "python_bind_src",
                           "model_src"})
    EXPECT_NE(prompt.find(name), std::string::npos) << name;
  EXPECT_NE(prompt.find("no test code"), std::string::npos);
  EXPECT_EQ(prompt.find("{{"), std::string::npos) << "a field was left unfilled";
}

TEST(MkbPrompt, SelectedShotHasAnExampleForEveryCategoryAscendCraftReportsOn) {
  for (const std::string category :
       {"activation", "loss", "math", "normalization", "optimizer", "pooling", "reduce"}) {
    const MkbExample example = MkbExampleFor(TaskOfCategory(category), MkbStrategy::SelectedShot, "");
    EXPECT_EQ(example.model.category, category);
    for (const char* name : {"\nhost_tiling_src = ", "\nkernel_src = ", "\nmodel_src = "})
      EXPECT_NE(example.answer.find(name), std::string::npos) << category << ": " << name;
    const std::string prompt = MkbTaskPrompt(TaskOfCategory(category), Mkb(MkbStrategy::SelectedShot))[0].content;
    EXPECT_NE(prompt.find(example.answer), std::string::npos) << category;
    EXPECT_NE(prompt.find("void " + example.model.kernelName + "("), std::string::npos) << category;
  }
}

// An example's answer is the suite answer renamed and edited; an edit the suite answer no longer
// matches stops it, naming the file to update.
TEST(MkbPrompt, ExampleAnswersAreMadeFromTheSuitesAndAStaleEditIsNamed) {
  const fs::path examples = fs::path(AKGEN_PROMPTS_DIR) / "mkb_examples";
  const bench::TaskTree tree = bench::ReadTaskTree(examples);
  const bench::Task* add = tree.Find("elementwise/add");
  ASSERT_NE(add, nullptr);
  const std::string answer = MkbExampleAnswer(*add, examples);
  EXPECT_NE(answer.find("Add(r, a0, a1, count);"), std::string::npos) << "the edit of the suite's Max";
  EXPECT_EQ(answer.find("Max(r, a0, a1, count);"), std::string::npos);
  EXPECT_NE(answer.find("void add_custom(GM_ADDR"), std::string::npos) << "the kernel renamed";
  EXPECT_NE(answer.find("REGISTER_TILING_DATA_CLASS(AddCustom"), std::string::npos) << "the op renamed";

  const fs::path copy = fs::temp_directory_path() / "akgen-mkb-stale-edit";
  fs::remove_all(copy);
  fs::copy(examples, copy, fs::copy_options::recursive);
  const fs::path derivation = copy / "answers" / "elementwise" / "add" / "derivation.json";
  std::ofstream(derivation) << R"({"title": "t", "answer_of": "level1/Comparison/Maximum", "edits": [["Maxx(", "Add("]]})";
  try {
    MkbExampleAnswer(*add, copy);
    ADD_FAILURE() << "a stale edit, yet no error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find(derivation.string() + ": the edit of `Maxx(` matches nothing"),
              std::string::npos)
        << error.what();
  }
  fs::remove_all(copy);
}

TEST(MkbPrompt, SelectedShotFallsBackToAddWhereACategoryHasNoExample) {
  EXPECT_EQ(MkbExampleFor(TaskOfCategory("matmul"), MkbStrategy::SelectedShot, "").model.Key(), "elementwise/add");
  EXPECT_EQ(MkbExampleFor(TaskOfCategory("loss"), MkbStrategy::AddShot, "").model.Key(), "elementwise/add");
}

TEST(MkbPrompt, StrategiesParseByTheirNames) {
  EXPECT_EQ(ParseMkbStrategy("add_shot"), MkbStrategy::AddShot);
  EXPECT_EQ(ParseMkbStrategy("selected_shot"), MkbStrategy::SelectedShot);
  EXPECT_FALSE(ParseMkbStrategy("one_shot"));
  EXPECT_STREQ(ToString(MkbStrategy::SelectedShot), "selected_shot");
}

TEST(MkbPrompt, TheRepairTurnAsksForTheSixStringsAgain) {
  const PromptOptions options = Mkb(MkbStrategy::AddShot);
  EXPECT_EQ(RepairTemplateName(options), "repair_mkb_six_strings.md");
  const std::string followUp = RepairTurn({{"user", "q"}}, "a", "Parsing it failed: x", options).back().content;
  EXPECT_NE(followUp.find("Parsing it failed: x"), std::string::npos);
  EXPECT_NE(followUp.find("all six strings"), std::string::npos);
}

TEST(MkbPrompt, AMissingAddExampleIsNamed) {
  const fs::path prompts = fs::temp_directory_path() / "akgen-mkb-prompt-test";
  fs::remove_all(prompts);
  fs::create_directories(prompts / "mkb_examples" / "reference" / "loss");
  std::ofstream(prompts / "mkb_examples" / "reference" / "loss" / "only.py")
      << "import torch\nclass Model(torch.nn.Module):\n    pass\n";
  try {
    MkbExampleFor(TaskOfCategory("math"), MkbStrategy::AddShot, prompts);
    ADD_FAILURE() << "no add example, yet no error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("elementwise/add.py: the add example"), std::string::npos)
        << error.what();
  }
  fs::remove_all(prompts);
}

}  // namespace
}  // namespace akgen::gen
