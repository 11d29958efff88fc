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
  ::ascendc_sim::ChevronLaunch(write_block_index, "write_block_index", 3, l2ctrl, stream)(out.addr(), scale.addr());
  EXPECT_EQ(out.values(), (std::vector<int32_t>{3, 13, 23, -1, -1, -1, -1, -1}));
}

}  // namespace
