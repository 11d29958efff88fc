// Candidates copied by their content (EvalOptions::stageEveryCandidate, as `akgen serve` judges):
// the same sources reach the same folder wherever they were written, so their builds are reused;
// the copies are cache entries that pruning may evict and staging makes again.
#include "bench/eval/sandbox_staging.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>

#include "bench/cache/cache_pruning.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

class SandboxStagingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-staging-test-XXXXXX").string();
    root_ = mkdtemp(pattern.data());
  }
  void TearDown() override { fs::remove_all(root_); }

  Candidate Write(const fs::path& folder, const std::string& kernel) {
    fs::create_directories(folder / "op_kernel");
    std::ofstream(folder / "op_kernel" / "muls.cpp") << kernel;
    Candidate candidate;
    candidate.taskKey = "level1/Math/Muls";
    candidate.directory = folder;
    candidate.kernelFiles = {folder / "op_kernel" / "muls.cpp"};
    return candidate;
  }

  fs::path root_;
};

TEST_F(SandboxStagingTest, TheSameSourcesReachTheSameFolderWhereverTheyWereWritten) {
  SandboxStaging staging(root_ / "staged", 0, false, root_ / "candidates");
  const Candidate first = staging.Readable(Write(root_ / "batch-a" / "sample0", "kernel one"));
  const Candidate again = staging.Readable(Write(root_ / "batch-b" / "sample3", "kernel one"));
  const Candidate other = staging.Readable(Write(root_ / "batch-b" / "sample4", "kernel two"));
  EXPECT_EQ(first.directory, again.directory);
  EXPECT_EQ(first.directory.parent_path().parent_path(), root_ / "candidates");
  EXPECT_NE(other.directory, first.directory);
  ASSERT_EQ(again.kernelFiles.size(), 1u);
  EXPECT_EQ(again.kernelFiles[0], again.directory / "op_kernel" / "muls.cpp");
  EXPECT_TRUE(fs::exists(again.kernelFiles[0]));
  // Messages name the folder the candidate was written to.
  EXPECT_EQ(staging.Unstaged(other.kernelFiles[0].string() + ":3: error"),
            (root_ / "batch-b" / "sample4" / "op_kernel" / "muls.cpp").string() + ":3: error");
}

TEST_F(SandboxStagingTest, WithoutACandidateRootAReachableCandidateStaysWhereItIs) {
  SandboxStaging staging(root_ / "staged", 0, false);
  const Candidate candidate = staging.Readable(Write(root_ / "samples" / "sample0", "kernel"));
  EXPECT_EQ(candidate.directory, root_ / "samples" / "sample0");
}

TEST_F(SandboxStagingTest, ACopyIsACacheEntryThatPruningMayEvictAndStagingMakesAgain) {
  fs::path copy;
  {
    SandboxStaging staging(root_ / "staged", 0, false, root_ / "candidates");
    copy = staging.Readable(Write(root_ / "batch-a" / "sample0", std::string(4096, 'k'))).directory;
  }
  fs::last_write_time(copy.parent_path(), fs::file_time_type::clock::now() - std::chrono::hours(1));
  const PruneOutcome pruned = PruneCache(root_, 0);
  EXPECT_EQ(pruned.removed, 1u);
  EXPECT_FALSE(fs::exists(copy));
  SandboxStaging staging(root_ / "staged", 0, false, root_ / "candidates");
  EXPECT_EQ(staging.Readable(Write(root_ / "batch-b" / "sample0", std::string(4096, 'k'))).directory, copy);
  EXPECT_TRUE(fs::exists(copy / "op_kernel" / "muls.cpp"));
}

}  // namespace
}  // namespace akgen::bench
