#include "data/corrections/unified_diff.h"

#include <gtest/gtest.h>

namespace akgen::data {
namespace {

TEST(UnifiedDiffTest, ChangedFilesOnlyWithTheirHunks) {
  const std::map<std::string, std::string> before = {{"op_kernel/k.cpp", "a\nb\nc\nd\n"}, {"op_host/h.cpp", "same\n"}};
  const std::map<std::string, std::string> after = {
      {"op_kernel/k.cpp", "a\nB\nc\nd\n"}, {"op_host/h.cpp", "same\n"}, {"op_host/new.h", "x\n"}};
  const std::string diff = UnifiedDiff(before, after);
  EXPECT_EQ(diff.find("op_host/h.cpp"), std::string::npos) << diff;
  EXPECT_NE(diff.find("--- a/op_kernel/k.cpp\n+++ b/op_kernel/k.cpp\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n d\n"),
            std::string::npos)
      << diff;
  EXPECT_NE(diff.find("--- /dev/null\n+++ b/op_host/new.h\n@@ -0,0 +1,1 @@\n+x\n"), std::string::npos) << diff;
  EXPECT_NE(UnifiedDiff(after, before).find("--- a/op_host/new.h\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-x\n"),
            std::string::npos);
  EXPECT_TRUE(UnifiedDiff(before, before).empty());
}

}  // namespace
}  // namespace akgen::data
