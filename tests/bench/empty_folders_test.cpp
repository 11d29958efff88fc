#include "bench/common/empty_folders.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

class EmptyFoldersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-empty-folders-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override { fs::remove_all(root_); }
  fs::path root_;
};

TEST_F(EmptyFoldersTest, KeepsOnlyTheFoldersOnTheWayToAFile) {
  fs::create_directories(root_ / "level1/Math/Muls/sample0/case0");
  fs::create_directories(root_ / "level1/Math/Muls/sample0/case1/op_kernel");
  fs::create_directories(root_ / "level2/Norm/RmsNorm/reference-case3");
  std::ofstream(root_ / "level1/Math/Muls/sample0/case1/op_kernel/muls.o") << "kept";

  RemoveEmptyFolders(root_, true);

  EXPECT_TRUE(fs::exists(root_ / "level1/Math/Muls/sample0/case1/op_kernel/muls.o"));
  EXPECT_FALSE(fs::exists(root_ / "level1/Math/Muls/sample0/case0"));
  EXPECT_FALSE(fs::exists(root_ / "level2"));
}

TEST_F(EmptyFoldersTest, RemovesTheRootOnlyWhenAskedAndEmpty) {
  fs::create_directories(root_ / "a/b/c");
  RemoveEmptyFolders(root_, false);
  EXPECT_TRUE(fs::is_empty(root_));
  fs::create_directories(root_ / "a/b/c");
  RemoveEmptyFolders(root_, true);
  EXPECT_FALSE(fs::exists(root_));
}

TEST_F(EmptyFoldersTest, LeavesWhatALinkPointsAt) {
  fs::create_directories(root_ / "outside/empty");
  fs::create_directories(root_ / "work");
  fs::create_directory_symlink(root_ / "outside", root_ / "work/link");
  RemoveEmptyFolders(root_ / "work", true);
  EXPECT_TRUE(fs::exists(root_ / "outside/empty"));
  EXPECT_TRUE(fs::is_symlink(root_ / "work/link"));
}

}  // namespace
}  // namespace akgen::bench
