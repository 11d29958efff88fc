// The CCE built-in variables block_idx and block_num read the running block, and a kernel's own
// variable of the same name shadows them.
#include <gtest/gtest.h>

#include "kernel_test_support.h"

namespace {

TEST(BlockVariablesTest, EachBlockReadsItsOwnIndexAndTheBlockCount) {
  simtest::GmBuffer<int64_t> out(std::vector<int64_t>(8, -1));
  const auto outcome = simtest::Launch(3, [&] {
    AscendC::GlobalTensor<int64_t> outGm;
    outGm.SetGlobalBuffer((__gm__ int64_t*)out.addr() + block_idx * 2, 2);
    outGm.SetValue(0, block_idx);
    outGm.SetValue(1, block_num - block_idx);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(out.values(), (std::vector<int64_t>{0, 3, 1, 2, 2, 1, -1, -1}));
}

TEST(BlockVariablesTest, AKernelVariableOfTheSameNameShadowsTheBuiltIn) {
  const int64_t block_idx = 42;
  EXPECT_EQ(block_idx, 42);
}

}  // namespace
