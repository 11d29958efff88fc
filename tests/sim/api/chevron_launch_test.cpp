// The launcher behind the harness's rewrite of `kernel<<<blockDim, l2ctrl, stream>>>(args...)`:
// it runs the kernel on blockDim blocks with the arguments, like ICPU_RUN_KF.
#include <gtest/gtest.h>

#include "ascendc_sim/chevron_launch.h"
#include "kernel_test_support.h"

using namespace AscendC;

namespace {

extern "C" __global__ __aicore__ void write_block_index(GM_ADDR out, GM_ADDR scale) {
  GlobalTensor<int32_t> outGm, scaleGm;
  outGm.SetGlobalBuffer((__gm__ int32_t*)out, 8);
  scaleGm.SetGlobalBuffer((__gm__ int32_t*)scale, 1);
  outGm.SetValue(GetBlockIdx(), int32_t(GetBlockIdx()) * scaleGm.GetValue(0) + int32_t(GetBlockNum()));
}

TEST(ChevronLaunchTest, RunsTheKernelOnBlockDimBlocksWithTheArguments) {
  simtest::GmBuffer<int32_t> out(std::vector<int32_t>(8, -1));
  simtest::GmBuffer<int32_t> scale(std::vector<int32_t>{10});
  void* l2ctrl = nullptr;
  void* stream = nullptr;
  ::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(write_block_index), "write_block_index", 3, l2ctrl, stream)(
      out.addr(), scale.addr());
  EXPECT_EQ(out.values(), (std::vector<int32_t>{3, 13, 23, -1, -1, -1, -1, -1}));
}

// CosMath's wrapper launches `cos`, an overloaded math function, beside its kernel `cos_math`. CANN
// never builds such a wrapper (kernel files are compiled for the AI core only), so it compiles here
// too; only running the launch is an error.
int Overloaded(int value) { return value; }
float Overloaded(float value) { return value; }

void LaunchOfAnOverloadedFunction(uint8_t* x) {
  void* l2ctrl = nullptr;
  ::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(Overloaded), "Overloaded", 1, l2ctrl, l2ctrl)(x);
}

TEST(ChevronLaunchTest, ALaunchOfANameThatIsNoKernelCompilesAndFailsWhenRun) {
  ASSERT_EQ(Overloaded(2) + Overloaded(0.5f), 2.5f);  // an overload set, which no pointer can name
  EXPECT_EXIT(LaunchOfAnOverloadedFunction(nullptr), ::testing::ExitedWithCode(1),
              "error: Overloaded<<<...>>> launches no kernel that takes these arguments");
}

}  // namespace
