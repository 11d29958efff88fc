#include "serve/suite_catalog.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>

namespace akgen::serve {
namespace {

namespace fs = std::filesystem;

// The fixture task Halve (tests/bench/data/tasks), as a request brings it inline: its task files.
nlohmann::json HalveInline() {
  const fs::path folder = fs::path(AKGEN_TASK_FIXTURES) / "level1" / "Math" / "Halve";
  nlohmann::json files = nlohmann::json::object();
  for (const char* path : {"api_desc.md", "question/op_host/halve.cpp", "question/op_kernel/halve.cpp",
                           "validation/module.py", "validation/prepare_inputs.py", "validation/pybind.cpp",
                           "validation/test_cases.csv"}) {
    std::ifstream in(folder / path);
    std::ostringstream text;
    text << in.rdbuf();
    files[path] = text.str();
  }
  return {{"level", 1}, {"category", "Custom"}, {"name", "Halve"}, {"files", files}};
}

class SuiteCatalogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-catalog-test-XXXXXX").string();
    root_ = mkdtemp(pattern.data());
  }
  void TearDown() override { fs::remove_all(root_); }

  static std::string Refusal(SuiteCatalog& catalog, const nlohmann::json& task) {
    try {
      catalog.AddInline(task);
    } catch (const std::invalid_argument& error) {
      return error.what();
    }
    return "accepted";
  }

  fs::path root_;
};

TEST_F(SuiteCatalogTest, AnInlineTaskIsServedUnderANameOfItsContent) {
  SuiteCatalog catalog;
  catalog.AllowInlineTasks(root_);
  const std::string suite = catalog.AddInline(HalveInline());
  EXPECT_TRUE(suite.starts_with("inline:"));
  EXPECT_EQ(catalog.AddInline(HalveInline()), suite);  // the same task again: the same suite
  const bench::Task* task = catalog.FindTask(suite, "Halve");
  ASSERT_NE(task, nullptr);
  EXPECT_EQ(task->Key(), "level1/Custom/Halve");
  EXPECT_EQ(task->cases.size(), 3u);
  EXPECT_TRUE(catalog.Names().empty());  // inline suites are not listed as the server's
  nlohmann::json other = HalveInline();
  other["files"]["validation/test_cases.csv"] = "case_id;shape;dtype\n0;[8];float32\n";
  EXPECT_NE(catalog.AddInline(other), suite);
}

TEST_F(SuiteCatalogTest, ABrokenInlineTaskIsRefusedWithWhatIsWrong) {
  SuiteCatalog catalog;
  catalog.AllowInlineTasks(root_);
  nlohmann::json task = HalveInline();
  task["files"]["../../etc/x"] = "";
  EXPECT_NE(Refusal(catalog, task).find("\"../../etc/x\" is not a task file"), std::string::npos);
  task = HalveInline();
  task["files"].erase("validation/test_cases.csv");
  EXPECT_NE(Refusal(catalog, task).find("not a task NPUKernelBench's reader accepts"), std::string::npos);
  task = HalveInline();
  task["name"] = "a/b";
  EXPECT_NE(Refusal(catalog, task).find("inline_task.name must be a folder name"), std::string::npos);
  task = HalveInline();
  task["level"] = 7;
  EXPECT_NE(Refusal(catalog, task).find("inline_task.level must be 1, 2 or 3"), std::string::npos);
  EXPECT_TRUE(fs::is_empty(root_));  // nothing of a refused task is left
}

}  // namespace
}  // namespace akgen::serve
