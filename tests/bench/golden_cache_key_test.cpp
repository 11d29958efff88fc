#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "bench/oracle/golden_cache.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// A golden is keyed by what decides its bytes: the oracle's computing files are in the key, the fork
// server that only starts each step in a process of its own is not (a change to it must not throw
// away gigabytes of goldens).
class GoldenCacheKeyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-golden-key-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    fs::create_directories(root_ / "python");
    fs::copy(fs::path(AKGEN_SOURCE_DIR) / "python/akgen_oracle", root_ / "python/akgen_oracle",
             fs::copy_options::recursive);
    fs::copy(fs::path(AKGEN_TEST_DATA_DIR) / "oracle_tasks/level1/Math/SquareRoot/validation", root_ / "validation");
    request_.validationDir = root_ / "validation";
    request_.opName = "SquareRoot";
    request_.kernelName = "square_root";
    request_.caseRow = {{"case_id", "0"}, {"shape", "[4, 33]"}, {"dtype", "float16"}};
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string Key() const { return GoldenCacheKey(request_, root_ / "python"); }
  void Append(const std::string& file) const {
    std::ofstream(root_ / "python/akgen_oracle" / file, std::ios::app) << "\n# edited\n";
  }

  fs::path root_;
  OracleRequest request_;
};

TEST_F(GoldenCacheKeyTest, AChangeToTheForkServerKeepsTheKey) {
  const std::string before = Key();
  Append("fork_server.py");
  EXPECT_EQ(Key(), before);
}

TEST_F(GoldenCacheKeyTest, AChangeToWhatComputesTheGoldenChangesTheKey) {
  for (const std::string file : {"oracle.py", "pybind_module.py", "pytorch_npu_helper.hpp"}) {
    const std::string before = Key();
    Append(file);
    EXPECT_NE(Key(), before) << file;
  }
}

TEST_F(GoldenCacheKeyTest, TheCaseAndSeedAreInTheKey) {
  const std::string before = Key();
  request_.seed = 7;
  const std::string reseeded = Key();
  EXPECT_NE(reseeded, before);
  request_.caseRow.back().second = "float32";
  EXPECT_NE(Key(), reseeded);
}

}  // namespace
}  // namespace akgen::bench
