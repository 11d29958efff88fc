#include <gtest/gtest.h>

#include "bench/common/content_hash.h"
#include "bench/task/task_tree.h"
#include "data/hygiene/contamination.h"
#include "data/hygiene/dataset_cleaning.h"
#include "data/hygiene/minhash.h"
#include "data/records/jsonl_file.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

const fs::path kSuite = AKGEN_BUILTIN_SUITE_DIR;

std::string MulsKernel() { return bench::ReadFileText(kSuite / "level1/Math/Muls/answer/0/op_kernel/muls.cpp"); }

TEST(MinHashTest, AnEditedKernelIsANearDuplicateAndAnotherKernelIsNot) {
  const std::string muls = MulsKernel();
  std::string edited = muls;
  edited.replace(edited.find("Muls(r, a0, value, count);"), 26, "Muls(r, a0, value, count); // scaled");
  // (Our level-1 answers share one layout: Sqrt's is 0.86 similar to Muls's; RmsNorm's is not.)
  const std::string other = bench::ReadFileText(kSuite / "level2/Norm/RmsNorm/answer/0/op_kernel/rms_norm.cpp");
  EXPECT_EQ(EstimatedJaccard(MinHash(muls), MinHash(edited)), 1.0);  // a comment changes no token
  edited.replace(edited.find("CopyOut(offset, count);"), 23, "CopyOut(offset, count); CopyOut(offset, count);");
  EXPECT_GT(EstimatedJaccard(MinHash(muls), MinHash(edited)), 0.9);
  EXPECT_LT(EstimatedJaccard(MinHash(muls), MinHash(other)), 0.3);
  NearDuplicateIndex index(0.9);
  EXPECT_FALSE(index.FindOrAdd(MinHash(muls)));
  EXPECT_FALSE(index.FindOrAdd(MinHash(other)));
  EXPECT_EQ(index.FindOrAdd(MinHash(edited)), std::optional<size_t>(0));
}

TEST(ContaminationTest, CopiedAnswersOverlapAndOtherTextDoesNot) {
  const bench::TaskTree tree = bench::ReadTaskTree(kSuite);
  const BenchmarkNgrams benchmark(tree.tasks);
  const Overlap copied = benchmark.Of("Here is my kernel:\n" + MulsKernel());
  EXPECT_GT(copied.share, 0.9);
  EXPECT_EQ(copied.task, "level1/Math/Muls");
  EXPECT_EQ(benchmark
                .Of("What does DataCopyPad do with a length that is not a multiple of 32 bytes? It pads the "
                    "block so that no element outside the tensor is read, and writes only the given bytes.")
                .share,
            0.0);
  EXPECT_EQ(benchmark.Of("too short").share, 0.0);
}

class CleanDatasetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("akgen-clean-" + std::to_string(::getpid()));
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  static nlohmann::ordered_json Sft(const std::string& question, const std::string& answer) {
    return {{"messages", {{{"role", "user"}, {"content", question}}}}, {"reasoning", "because"}, {"answer", answer}};
  }

  fs::path folder_;
};

TEST_F(CleanDatasetTest, DropsByLengthDuplicatesAndContaminationAndKeepsTheReasons) {
  const std::string kernel = MulsKernel();
  const std::string other = bench::ReadFileText(kSuite / "level2/Norm/RmsNorm/answer/0/op_kernel/rms_norm.cpp");
  std::string nearCopy = other;
  nearCopy.replace(nearCopy.find("CopyOut("), 8, "CopyOut (");  // layout only: an exact duplicate
  WriteJsonLines(
      folder_ / "cot-kernels.jsonl",
      {Sft("Write an RMS norm kernel.", other), Sft("Write an RMS norm kernel.", nearCopy), Sft("Write Muls.", kernel),
       Sft("Short?", "yes"), Sft("Explain DataCopyPad.", "It copies a length that is not a multiple of 32 bytes.")});
  WriteJsonLines(folder_ / "cot-kernels.units.jsonl", {{{"file", "not a record"}}});
  const bench::TaskTree tree = bench::ReadTaskTree(kSuite);
  std::vector<bench::Task> onlyMuls;
  for (const bench::Task& task : tree.tasks)
    if (task.Key() == "level1/Math/Muls") onlyMuls.push_back(task);
  const BenchmarkNgrams benchmark(onlyMuls);

  const CleaningReport report = CleanDataset(folder_, &benchmark, {});
  EXPECT_EQ(report.kept, (std::map<std::string, size_t>{{"cot-kernels.jsonl", 2}}));
  EXPECT_EQ(report.reasons,
            (std::map<std::string, size_t>{{"contamination", 1}, {"exact duplicate", 1}, {"too short", 1}}));
  const std::vector<JsonLine> dropped = ReadJsonLines(folder_ / "dropped.jsonl");
  ASSERT_EQ(dropped.size(), 3u);
  EXPECT_EQ(dropped[1].value["line"], 3);  // the Muls answer, after the exact duplicate on line 2
  EXPECT_NE(dropped[1].value["reason"].get<std::string>().find("most from level1/Math/Muls"), std::string::npos);

  const CleaningReport again = CleanDataset(folder_, &benchmark, {});
  EXPECT_TRUE(again.reasons.empty());
  EXPECT_EQ(ReadJsonLines(folder_ / "dropped.jsonl").size(), 3u);  // the first run's drops stay

  WriteJsonLines(folder_ / "cot-kernels.jsonl", {Sft("Write Muls.", kernel)});
  CleaningOptions flag;
  flag.flagOnly = true;
  EXPECT_EQ(CleanDataset(folder_, &benchmark, flag).flagged, 1u);
  const nlohmann::json kept = ReadJsonLines(folder_ / "cot-kernels.jsonl")[0].value;
  EXPECT_EQ(kept["hygiene"]["contamination"]["task"], "level1/Math/Muls");
}

TEST_F(CleanDatasetTest, NearDuplicatesAmongChainOfThoughtRecordsOnly) {
  std::string kernel = MulsKernel();
  std::string edited = kernel;
  edited.replace(edited.find("CopyOut(offset, count);"), 23, "CopyOut(offset, count); CopyOut(offset, count);");
  WriteJsonLines(folder_ / "cot-kernels.jsonl", {Sft("Write Muls.", kernel), Sft("Write Muls.", edited)});
  nlohmann::ordered_json correction = Sft("fix it", kernel);
  correction.erase("answer");
  correction["fixed"] = kernel;
  nlohmann::ordered_json other = correction;
  other["fixed"] = edited;
  WriteJsonLines(folder_ / "corrections.jsonl", {correction, other});
  const CleaningReport report = CleanDataset(folder_, nullptr, {});
  EXPECT_EQ(report.kept, (std::map<std::string, size_t>{{"corrections.jsonl", 2}, {"cot-kernels.jsonl", 1}}));
  EXPECT_EQ(report.reasons, (std::map<std::string, size_t>{{"near duplicate", 1}}));
}

}  // namespace
}  // namespace akgen::data
