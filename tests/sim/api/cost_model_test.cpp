// The cost model's validation: orderings any NPU programmer relies on, and figures the model
// documents (docs/performance-model.md). Figures are compared within one run, never to wall time.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ascendc_sim/host/soc_spec.h"
#include "kernel_test_support.h"
#include "launch_profile.h"

namespace {

using simtest::GmBuffer;

// z = x + y on half vectors: each block streams its slice through TQues in tiles.
struct StreamingAdd {
  uint32_t blocks = 1;
  uint64_t length = 0;  // elements of x, y and z
  uint32_t tile = 4096;
  uint32_t buffers = 2;
};

using simtest::Profile;

ascendc_sim::LaunchProfile ProfileAdd(const StreamingAdd& shape) {
  GmBuffer<half> x(shape.length), y(shape.length), z(shape.length);
  return Profile(shape.blocks, [&] {
    const uint64_t perBlock = shape.length / shape.blocks;
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inX, inY;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outZ;
    pipe.InitBuffer(inX, shape.buffers, shape.tile * sizeof(half));
    pipe.InitBuffer(inY, shape.buffers, shape.tile * sizeof(half));
    pipe.InitBuffer(outZ, shape.buffers, shape.tile * sizeof(half));
    AscendC::GlobalTensor<half> xGm, yGm, zGm;
    const uint64_t offset = perBlock * AscendC::GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ half*)x.addr() + offset, perBlock);
    yGm.SetGlobalBuffer((__gm__ half*)y.addr() + offset, perBlock);
    zGm.SetGlobalBuffer((__gm__ half*)z.addr() + offset, perBlock);
    for (uint64_t start = 0; start < perBlock; start += shape.tile) {
      AscendC::LocalTensor<half> xl = inX.AllocTensor<half>();
      AscendC::LocalTensor<half> yl = inY.AllocTensor<half>();
      AscendC::DataCopy(xl, xGm[start], shape.tile);
      AscendC::DataCopy(yl, yGm[start], shape.tile);
      inX.EnQue(xl);
      inY.EnQue(yl);
      xl = inX.DeQue<half>();
      yl = inY.DeQue<half>();
      AscendC::LocalTensor<half> zl = outZ.AllocTensor<half>();
      AscendC::Add(zl, xl, yl, shape.tile);
      outZ.EnQue(zl);
      inX.FreeTensor(xl);
      inY.FreeTensor(yl);
      zl = outZ.DeQue<half>();
      AscendC::DataCopy(zGm[start], zl, shape.tile);
      outZ.FreeTensor(zl);
    }
  });
}

// Restores the default settings after a test changed them.
class CostModelTest : public testing::Test {
 protected:
  void TearDown() override {
    ascendc_sim::SetTimingOnly(false);
    ascendc_sim::SetSyncMode(ascendc_sim::SyncMode::kAuto);
    ascendc_sim::SetTimelineFile("");
    ascendc_sim::host::SetSoc("Ascend910B2");
  }
};

TEST_F(CostModelTest, DoubleBufferingBeatsSingleBufferingOnADmaBoundKernel) {
  const auto single = ProfileAdd({1, 64 * 1024, 4096, 1});
  const auto twice = ProfileAdd({1, 64 * 1024, 4096, 2});
  EXPECT_EQ(single.bound, "MTE2");
  EXPECT_EQ(twice.bound, "MTE2");
  // With one buffer the copy-in of tile i+1 waits for the copy-out of tile i; with two it overlaps.
  EXPECT_LT(double(twice.cycles), 0.9 * double(single.cycles)) << single.cycles << " vs " << twice.cycles;
}

TEST_F(CostModelTest, MoreBlocksHelpUntilHbmBandwidthBinds) {
  ascendc_sim::SetTimingOnly(true);  // 96 MiB per tensor: only the timing matters here
  const uint64_t length = 48ull * 1024 * 1024;
  std::map<uint32_t, uint64_t> cycles;
  for (uint32_t blocks : {1u, 2u, 4u, 8u, 24u, 48u}) cycles[blocks] = ProfileAdd({blocks, length, 8192, 2}).cycles;
  // Each core's DMA engine limits a few blocks: doubling them nearly halves the time.
  EXPECT_LT(double(cycles[2]), 0.55 * double(cycles[1]));
  EXPECT_LT(double(cycles[4]), 0.55 * double(cycles[2]));
  EXPECT_LT(double(cycles[8]), 0.55 * double(cycles[4]));
  // Past about 13 active cores (HBM 768 B/cycle over a 58.6 B/cycle engine) HBM is the limit.
  EXPECT_GT(double(cycles[48]), 0.9 * double(cycles[24]));
}

TEST_F(CostModelTest, LargeFp16AddReachesMostOfTheModelledHbmBandwidth) {
  ascendc_sim::SetTimingOnly(true);
  const auto profile = ProfileAdd({48, 48ull * 1024 * 1024, 8192, 2});
  EXPECT_TRUE(profile.timingOnly);
  EXPECT_EQ(profile.gmBytesRead, 2 * 48ull * 1024 * 1024 * sizeof(half));
  EXPECT_EQ(profile.gmBytesWritten, 48ull * 1024 * 1024 * sizeof(half));
  EXPECT_GE(profile.gmBandwidthGBps, 0.7 * profile.peakGmBandwidthGBps)
      << profile.gmBandwidthGBps << " of " << profile.peakGmBandwidthGBps << " GB/s";
  EXPECT_LE(profile.gmBandwidthGBps, profile.peakGmBandwidthGBps * 1.0001);
}

// Vector time = fixed + repeats × per-repeat cost: a binary fp32 op costs 2 cycles per repeat [PTO].
TEST_F(CostModelTest, VectorTimeGrowsWithRepeats) {
  auto vectorBusy = [](uint32_t count) {
    return Profile(1, [count] {
             AscendC::TPipe pipe;
             AscendC::TBuf<AscendC::TPosition::VECCALC> a, b;
             pipe.InitBuffer(a, count * sizeof(float));
             pipe.InitBuffer(b, count * sizeof(float));
             AscendC::LocalTensor<float> at = a.Get<float>(), bt = b.Get<float>();
             AscendC::Duplicate(bt, 1.0f, count);
             AscendC::Add(at, bt, bt, count);
           })
        .busyCycles[size_t(ascendc_sim::HwPipe::kVector)];
  };
  const uint64_t small = vectorBusy(64 * 32), medium = vectorBusy(64 * 64), large = vectorBusy(64 * 128);
  // Duplicate adds 1 cycle per repeat and Add 2: 3 per repeat, 32 more repeats each step.
  EXPECT_EQ(medium - small, 3u * 32);
  EXPECT_EQ(large - medium, 3u * 64);
}

TEST_F(CostModelTest, ScalarGetValueSetValueLoopIsFarSlowerThanTheVectorInstruction) {
  constexpr uint32_t kCount = 4096;
  auto run = [](bool scalarLoop) {
    return Profile(1, [scalarLoop] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> buffer;
      pipe.InitBuffer(buffer, kCount * sizeof(float));
      AscendC::LocalTensor<float> values = buffer.Get<float>();
      AscendC::Duplicate(values, 3.0f, kCount);
      AscendC::PipeBarrier<PIPE_ALL>();
      if (scalarLoop) {
        for (uint32_t i = 0; i < kCount; ++i) values.SetValue(i, values.GetValue(i) * 2.0f);
      } else {
        AscendC::Muls(values, values, 2.0f, kCount);
      }
    });
  };
  const auto loop = run(true), vector = run(false);
  EXPECT_EQ(loop.bound, "S");
  EXPECT_GT(double(loop.cycles), 20.0 * double(vector.cycles)) << loop.cycles << " vs " << vector.cycles;
}

TEST_F(CostModelTest, SyncAllWaitsForTheSlowestBlock) {
  auto run = [](bool barrier) {
    return Profile(2, [barrier] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> buffer;
      pipe.InitBuffer(buffer, 32768 * sizeof(float));
      AscendC::LocalTensor<float> values = buffer.Get<float>();
      auto work = [&] {
        for (int i = 0; i < 8; ++i) AscendC::Duplicate(values, 1.0f, 32768);
      };
      if (AscendC::GetBlockIdx() == 0) work();  // block 0 works before the barrier, block 1 after
      if (barrier) AscendC::SyncAll();
      if (AscendC::GetBlockIdx() == 1) work();
    }).cycles;
  };
  const uint64_t overlapped = run(false), serialised = run(true);
  EXPECT_GT(double(serialised), 1.8 * double(overlapped)) << overlapped << " vs " << serialised;
}

TEST_F(CostModelTest, AutoSyncChargesTheWaitItInserts) {
  auto run = [](bool flags) {
    return Profile(1, [flags] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> in, out;
      pipe.InitBuffer(in, 16384 * sizeof(float));
      pipe.InitBuffer(out, 16384 * sizeof(float));
      GmBuffer<float> unused(1);  // keeps the GM region table non-empty, as kernels see it
      AscendC::LocalTensor<float> inT = in.Get<float>(), outT = out.Get<float>();
      AscendC::Duplicate(outT, 0.0f, 16384);
      if (flags) {
        AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
        AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
      }
      AscendC::Muls(inT, outT, 2.0f, 16384);
    });
  };
  const auto automatic = run(false), explicitFlags = run(true);
  // The automatic edge makes Muls wait for Duplicate as the flag pair does (here both are on V,
  // so neither needs one and the times agree).
  EXPECT_NEAR(double(automatic.cycles), double(explicitFlags.cycles), 8.0);
}

// A copy through a 0-byte buffer into the one after it (CrossEntropyLossGrad) moves and is charged
// for every byte, and the hazard checker sees the bytes it wrote: a vector read of them waits for
// the copy as it would for a copy into their own buffer, and a read of other bytes does not.
TEST_F(CostModelTest, AnAccessPastItsBufferIsChargedAndOrderedByTheBytesItTouches) {
  constexpr uint32_t kCount = 16384;
  enum class Copy { kIntoData, kThroughEmpty };
  auto run = [](Copy copy, bool readData) {
    GmBuffer<float> x(kCount);
    return Profile(1, [&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> empty, data, other, out;
      pipe.InitBuffer(empty, 0);
      pipe.InitBuffer(data, kCount * sizeof(float));
      pipe.InitBuffer(other, kCount * sizeof(float));
      pipe.InitBuffer(out, kCount * sizeof(float));
      AscendC::GlobalTensor<float> xGm;
      xGm.SetGlobalBuffer((__gm__ float*)x.addr(), kCount);
      AscendC::Duplicate(other.Get<float>(), 1.0f, kCount);
      AscendC::PipeBarrier<PIPE_ALL>();
      AscendC::DataCopy(copy == Copy::kThroughEmpty ? empty.Get<float>() : data.Get<float>(), xGm, kCount);
      AscendC::Muls(out.Get<float>(), readData ? data.Get<float>() : other.Get<float>(), 2.0f, kCount);
    });
  };
  const auto direct = run(Copy::kIntoData, true), through = run(Copy::kThroughEmpty, true);
  const auto unrelated = run(Copy::kThroughEmpty, false);
  constexpr size_t kMte2 = size_t(ascendc_sim::HwPipe::kMte2);
  EXPECT_EQ(through.busyCycles[kMte2], direct.busyCycles[kMte2]);
  EXPECT_EQ(through.gmBytesRead, direct.gmBytesRead);
  EXPECT_EQ(through.cycles, direct.cycles);
  EXPECT_LT(unrelated.cycles, through.cycles);
}

TEST_F(CostModelTest, EverySimulatedSocHasItsTable) {
  const std::map<std::string, std::pair<double, uint32_t>> expected = {
      {"Ascend910B1", {1850, 48}}, {"Ascend910B2", {1800, 48}},    {"Ascend910B3", {1800, 40}},
      {"Ascend910B4", {1500, 40}}, {"Ascend910_9391", {1850, 48}}, {"Ascend910_9392", {1850, 48}},
  };
  for (const auto& [soc, figures] : expected) {
    ASSERT_TRUE(ascendc_sim::host::SetSoc(soc));
    const auto profile = ProfileAdd({1, 4096, 4096, 1});
    EXPECT_EQ(profile.soc, soc);
    EXPECT_EQ(profile.clockMhz, figures.first) << soc;
    EXPECT_EQ(profile.cores, figures.second) << soc;
    // HBM: 32 bytes per cycle per AI core (half the vector cores) at the SoC's clock.
    EXPECT_NEAR(profile.peakGmBandwidthGBps, 32.0 * figures.second / 2 * figures.first / 1000, 1e-6) << soc;
  }
}

TEST_F(CostModelTest, RooflineOfALibraryKernelIsLaunchOverheadPlusItsSlowestResource) {
  const double peakBytesPerMicrosecond = 32.0 * 24 * 1800;  // 910B2
  const double memoryBound = ascendc_sim::RooflineMicroseconds({uint64_t(peakBytesPerMicrosecond * 100), 0, 0});
  EXPECT_NEAR(memoryBound, 19.0 + 100.0, 1e-6);
  const double cubeBound = ascendc_sim::RooflineMicroseconds({0, 0, uint64_t(8192.0 * 24 * 1800 * 50)});
  EXPECT_NEAR(cubeBound, 19.0 + 50.0, 1e-6);
}

TEST_F(CostModelTest, TimelineIsChromeTraceJsonWithEachPipesInstructions) {
  const std::string path = testing::TempDir() + "timeline.json";
  std::remove(path.c_str());
  ascendc_sim::SetTimelineFile(path);
  ProfileAdd({2, 2 * 8192, 4096, 2});
  std::ifstream in(path);
  const nlohmann::json trace = nlohmann::json::parse(in);
  std::set<std::string> pipes;
  std::set<int64_t> blocks;
  for (const nlohmann::json& event : trace.at("traceEvents")) {
    if (event.at("ph") != "X") continue;
    pipes.insert(event.at("cat").get<std::string>());
    blocks.insert(event.at("args").at("block").get<int64_t>());
    EXPECT_GE(event.at("dur").get<double>(), 0.0);
    EXPECT_NE(event.at("args").at("source").get<std::string>().find("cost_model_test.cpp"), std::string::npos);
  }
  EXPECT_EQ(pipes, (std::set<std::string>{"V", "MTE2", "MTE3"}));
  EXPECT_EQ(blocks, (std::set<int64_t>{0, 1}));
}

TEST_F(CostModelTest, TimingOnlyRunSkipsTheDataWorkAndNotesDataDependentControlFlow) {
  ascendc_sim::SetTimingOnly(true);
  GmBuffer<float> x(std::vector<float>(64, 5.0f)), y(std::vector<float>(64, -1.0f));
  const auto profile = Profile(1, [&] {
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> queue;
    pipe.InitBuffer(queue, 1, 64 * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x.addr(), 64);
    yGm.SetGlobalBuffer((__gm__ float*)y.addr(), 64);
    AscendC::LocalTensor<float> local = queue.AllocTensor<float>();
    AscendC::DataCopy(local, xGm, 64);
    queue.EnQue(local);
    local = queue.DeQue<float>();
    AscendC::PipeBarrier<PIPE_ALL>();
    if (local.GetValue(0) > 0.0f) AscendC::Muls(local, local, 2.0f, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, local, 64);
    queue.FreeTensor(local);
  });
  EXPECT_EQ(y.values(), std::vector<float>(64, -1.0f));  // no data moved
  ASSERT_EQ(profile.notes.size(), 1u);
  EXPECT_NE(profile.notes[0].find("GetValue at"), std::string::npos) << profile.notes[0];
  EXPECT_NE(profile.notes[0].find("did not compute"), std::string::npos) << profile.notes[0];
}

}  // namespace
