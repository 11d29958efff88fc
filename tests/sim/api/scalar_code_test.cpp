// The scalar unit's own work, as the harness compiles kernels: this file is built with the kernel
// instrumentation (AKGEN_KERNEL_INSTRUMENTATION), so its kernels' basic blocks and pointer accesses
// are charged (sim/src/scalar_code.h). Figures are compared within one run.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include "cost_table.h"
#include "kernel_test_support.h"
#include "launch_profile.h"

namespace {

using simtest::GmBuffer;
using simtest::Profile;

constexpr uint32_t kCount = 4096;

uint64_t ScalarBusy(const ascendc_sim::LaunchProfile& profile) {
  return profile.busyCycles[size_t(ascendc_sim::HwPipe::kScalar)];
}

TEST(ScalarCodeTest, ARawGmLoopCostsWhatGetValueAndSetValueCostAndFarMoreThanTheVectorPath) {
  GmBuffer<float> x(kCount), y(kCount);
  const auto raw = Profile(1, [&] {
    const __gm__ float* in = reinterpret_cast<const __gm__ float*>(x.addr());
    __gm__ float* out = reinterpret_cast<__gm__ float*>(y.addr());
    for (uint32_t i = 0; i < kCount; ++i) out[i] = in[i] * 2.0f;
  });
  const auto tensor = Profile(1, [&] {
    AscendC::GlobalTensor<float> in, out;
    in.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.addr()), kCount);
    out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.addr()), kCount);
    for (uint32_t i = 0; i < kCount; ++i) out.SetValue(i, in.GetValue(i) * 2.0f);
  });
  const auto vector = Profile(1, [&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buffer;
    pipe.InitBuffer(buffer, kCount * sizeof(float));
    AscendC::LocalTensor<float> local = buffer.Get<float>();
    AscendC::GlobalTensor<float> in, out;
    in.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.addr()), kCount);
    out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.addr()), kCount);
    AscendC::DataCopy(local, in, kCount);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Muls(local, local, 2.0f, kCount);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(out, local, kCount);
  });
  EXPECT_EQ(raw.bound, "S");
  EXPECT_GT(double(raw.cycles), 0.8 * double(tensor.cycles)) << raw.cycles << " vs " << tensor.cycles;
  EXPECT_LT(double(raw.cycles), 1.25 * double(tensor.cycles)) << raw.cycles << " vs " << tensor.cycles;
  EXPECT_GT(double(raw.cycles), 50.0 * double(vector.cycles)) << raw.cycles << " vs " << vector.cycles;
  EXPECT_EQ(raw.gmBytesRead, kCount * sizeof(float));
  EXPECT_EQ(raw.gmBytesWritten, kCount * sizeof(float));
}

TEST(ScalarCodeTest, EachDataCacheLineIsFetchedOnce) {
  GmBuffer<float> data(kCount * 16);
  auto sum = [&](uint32_t stride) {
    return Profile(1, [&, stride] {
      const __gm__ float* values = reinterpret_cast<const __gm__ float*>(data.addr());
      float total = 0;
      for (uint32_t i = 0; i < kCount; ++i) total += values[i * stride];
      AscendC::GlobalTensor<float> out;
      out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(data.addr()), 1);
      out.SetValue(0, total);
    });
  };
  // 16 floats per 64-byte line: the sequential loop misses once per 16 loads, the strided one
  // on every load.
  const auto sequential = sum(1), strided = sum(16);
  const auto costs = ascendc_sim::CurrentCostTable();
  const double missCycles = costs.scalarGmMissCycles;
  EXPECT_NEAR(double(ScalarBusy(strided) - ScalarBusy(sequential)), (kCount - kCount / 16) * missCycles,
              0.05 * kCount * missCycles);
}

// Which data-cache slot a GM line takes comes from the cost model's own addresses, not from where
// mmap put the buffers (ASLR moves them from run to run): two buffers half a cache apart or a whole
// cache apart in host memory cost the same launch.
TEST(ScalarCodeTest, ALaunchCostsTheSameWhereverTheHostPlacedItsBuffers) {
  constexpr uint32_t kLines = 128;  // half of the 16 KiB data cache per buffer
  constexpr size_t kPage = 4096;
  auto twoPasses = [&](size_t spacerPages) {
    GmBuffer<float> x(kLines * 16);
    // Memory the simulator does not know moves the next buffer in host memory only.
    void* spacer = mmap(nullptr, spacerPages * kPage, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    EXPECT_NE(spacer, MAP_FAILED);
    GmBuffer<float> y(kLines * 16);
    const auto profile = Profile(1, [&] {
      const __gm__ float* a = reinterpret_cast<const __gm__ float*>(x.addr());
      const __gm__ float* b = reinterpret_cast<const __gm__ float*>(y.addr());
      float total = 0;
      for (int pass = 0; pass < 2; ++pass)
        for (uint32_t line = 0; line < kLines; ++line) total += a[line * 16] + b[line * 16];
      AscendC::GlobalTensor<float> out;
      out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.addr()), 1);
      out.SetValue(0, total);
    });
    munmap(spacer, spacerPages * kPage);
    return profile.cycles;
  };
  EXPECT_EQ(twoPasses(1), twoPasses(3));
  EXPECT_EQ(twoPasses(1), twoPasses(2));
}

TEST(ScalarCodeTest, LoopsOnTheStackAreChargedByTheirBasicBlocks) {
  GmBuffer<uint32_t> out(8);
  auto spin = [&](uint32_t iterations) {
    return Profile(1, [&, iterations] {
      uint32_t state = uint32_t(AscendC::GetBlockIdx()) + 1;
      for (uint32_t i = 0; i < iterations; ++i) state = state * 1664525u + 1013904223u + (state >> 7);
      AscendC::GlobalTensor<uint32_t> result;
      result.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(out.addr()), 8);
      result.SetValue(0, state);
    });
  };
  const auto shorter = spin(1000), longer = spin(3000);
  const double perIteration = double(ScalarBusy(longer) - ScalarBusy(shorter)) / 2000.0;
  EXPECT_GE(perIteration, double(ascendc_sim::CurrentCostTable().scalarBlockCycles)) << perIteration;
  EXPECT_LE(perIteration, 4.0 * ascendc_sim::CurrentCostTable().scalarBlockCycles) << perIteration;
}

}  // namespace
