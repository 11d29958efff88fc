#include "data/export/training_export.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "data/records/jsonl_file.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

class TrainingExportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("akgen-export-" + std::to_string(::getpid()));
    fs::create_directories(folder_ / "data");
    const nlohmann::ordered_json conversation =
        nlohmann::ordered_json::array({{{"role", "system"}, {"content", "be brief"}},
                                       {{"role", "user"}, {"content", "write Muls"}},
                                       {{"role", "assistant"}, {"content", "broken"}},
                                       {{"role", "user"}, {"content", "error: expected ';'"}}});
    WriteJsonLines(
        folder_ / "data" / "corrections.jsonl",
        {{{"kind", "api"}, {"messages", conversation}, {"fixed", "fixed code"}, {"fixed_reasoning", "add it"}},
         {{"kind", "api"}, {"messages", conversation}, {"fixed", nullptr}, {"fixed_reasoning", ""}}});
    WriteJsonLines(
        folder_ / "data" / "prefs.jsonl",
        {{{"prompt", {{{"role", "user"}, {"content", "write Muls"}}}}, {"chosen", "good"}, {"rejected", "bad"}}});
  }
  void TearDown() override { fs::remove_all(folder_); }

  static nlohmann::json Read(const fs::path& file) {
    std::ifstream in(file);
    return nlohmann::json::parse(in);
  }

  fs::path folder_;
};

TEST_F(TrainingExportTest, LlamaFactoryGetsShareGptFilesNamedInDatasetInfo) {
  const ExportSummary summary = ExportDataset(folder_ / "data", ExportFormat::LlamaFactory, folder_ / "lf");
  EXPECT_EQ(summary.sftExamples, 1u);
  EXPECT_EQ(summary.skipped, 1u);
  EXPECT_EQ(summary.preferencePairs, 1u);
  const nlohmann::json info = Read(folder_ / "lf" / "dataset_info.json");
  EXPECT_EQ(info["akgen_sft"]["formatting"], "sharegpt");
  EXPECT_EQ(info["akgen_dpo"]["ranking"], true);
  const nlohmann::json sft = Read(folder_ / "lf" / info["akgen_sft"]["file_name"].get<std::string>());
  ASSERT_EQ(sft.size(), 1u);
  EXPECT_EQ(sft[0]["system"], "be brief");
  const nlohmann::json& turns = sft[0]["conversations"];
  ASSERT_EQ(turns.size(), 4u);
  EXPECT_EQ(turns[0]["from"], "human");
  EXPECT_EQ(turns[1]["from"], "gpt");
  EXPECT_EQ(turns[3]["value"], "<think>\nadd it\n</think>\n\nfixed code");
  const nlohmann::json dpo = Read(folder_ / "lf" / info["akgen_dpo"]["file_name"].get<std::string>());
  EXPECT_EQ(dpo[0]["conversations"].back()["from"], "human");
  EXPECT_EQ(dpo[0]["chosen"]["value"], "good");
  EXPECT_EQ(dpo[0]["rejected"]["from"], "gpt");
}

TEST_F(TrainingExportTest, TrlAndOpenAiGetTheirJsonLines) {
  ExportDataset(folder_ / "data", ExportFormat::Trl, folder_ / "trl");
  const std::vector<JsonLine> trlPairs = ReadJsonLines(folder_ / "trl" / "prefs.jsonl");
  EXPECT_EQ(trlPairs[0].value["prompt"][0]["role"], "user");
  EXPECT_EQ(trlPairs[0].value["chosen"][0]["role"], "assistant");
  EXPECT_EQ(trlPairs[0].value["rejected"][0]["content"], "bad");
  EXPECT_EQ(ReadJsonLines(folder_ / "trl" / "sft.jsonl")[0].value["messages"].back()["content"],
            "<think>\nadd it\n</think>\n\nfixed code");
  ExportDataset(folder_ / "data", ExportFormat::OpenAi, folder_ / "openai");
  const nlohmann::json sft = ReadJsonLines(folder_ / "openai" / "sft.jsonl")[0].value;
  EXPECT_EQ(sft["messages"].back(), (nlohmann::json{{"role", "assistant"}, {"content", "fixed code"}}));
  const nlohmann::json dpo = ReadJsonLines(folder_ / "openai" / "dpo.jsonl")[0].value;
  EXPECT_EQ(dpo["input"]["messages"][0]["content"], "write Muls");
  EXPECT_EQ(dpo["preferred_output"][0]["content"], "good");
  EXPECT_EQ(dpo["non_preferred_output"][0]["content"], "bad");
}

TEST_F(TrainingExportTest, BadInputNamesTheFileAndLine) {
  try {
    ExportDataset(folder_ / "lf-missing", ExportFormat::Trl, folder_ / "out");
    FAIL() << "an empty folder was exported";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("akgen data prefs"), std::string::npos) << error.what();
  }
  std::ofstream(folder_ / "data" / "prefs.jsonl")
      << "{\"prompt\": [], \"chosen\": \"a\", \"rejected\": \"b\"}\n{\"chosen\": 1}\n";
  try {
    ExportDataset(folder_ / "data", ExportFormat::Trl, folder_ / "out");
    FAIL() << "a pair without a prompt was exported";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("prefs.jsonl:2: `prompt`"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace akgen::data
