#include "bench/task/op_name.h"

#include <gtest/gtest.h>

namespace akgen::bench {
namespace {

TEST(OpNameTest, MatchesNpuKernelBenchKernelFileNames) {
  EXPECT_EQ(KernelName("Sqrt"), "sqrt");
  EXPECT_EQ(KernelName("AddCustom"), "add_custom");
  EXPECT_EQ(KernelName("TopKV3"), "top_kv3");
  EXPECT_EQ(KernelName("SwiGlu"), "swi_glu");
  EXPECT_EQ(KernelName("GeGluGradV2"), "ge_glu_grad_v2");
  EXPECT_EQ(KernelName("MulMulReduceMeanDTwice"), "mul_mul_reduce_mean_d_twice");
  EXPECT_EQ(KernelName("GroupedMatmulSliceKPerTokenDequant"), "grouped_matmul_slice_k_per_token_dequant");
  EXPECT_EQ(KernelName("ApplyAdamWV2"), "apply_adam_wv2");
  EXPECT_EQ(KernelName("Log10"), "log10");
}

}  // namespace
}  // namespace akgen::bench
