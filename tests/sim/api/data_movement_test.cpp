// Vector Copy, atomic accumulation into GM, GM initialisation, and the UB -> GM copy on raw pointers.
#include <gtest/gtest.h>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

TEST(DataMovementTest, CopyMovesMaskedLanesWithStrides) {
  std::vector<float> source(128);
  for (size_t i = 0; i < source.size(); ++i) source[i] = float(i);
  const std::vector<float> sentinel(128, -1.0f);
  // Two repeats of the first 12 lanes; the source advances 8 blocks (64 floats) per repeat and the
  // destination 4 blocks (32 floats).
  const auto run = simtest::RunOnUb<float, float>(source, sentinel, [](const auto& dst, const auto& src) {
    Copy(dst, src, 12, 2, {1, 1, 4, 8});
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (size_t i = 0; i < 128; ++i) {
    const size_t repeat = i / 32, lane = i % 32;
    const float expected = repeat < 2 && lane < 12 ? float(repeat * 64 + lane) : -1.0f;
    ASSERT_EQ(run.dst[i], expected) << "element " << i;
  }
}

// DataCopyUB2GMImpl, DataCopy's UB -> GM block copy on raw pointers: bursts of blockLen 32-byte
// blocks, srcStride/dstStride blocks apart.
TEST(DataMovementTest, DataCopyUB2GMImplCopiesBlocksWithStrides) {
  simtest::GmBuffer<float> out(std::vector<float>(48, -1.0f));
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 32 * sizeof(float));
    LocalTensor<float> local = buf.Get<float>();
    for (int i = 0; i < 32; ++i) local.SetValue(i, float(i));
    GlobalTensor<float> global;
    global.SetGlobalBuffer((__gm__ float*)out.addr(), 48);
    PipeBarrier<PIPE_ALL>();
    // Two bursts of one block: UB blocks 0 and 2, to GM blocks 1 and 3.
    DataCopyUB2GMImpl((__gm__ float*)global[8].GetPhyAddr(), (__ubuf__ float*)local.GetPhyAddr(), {2, 1, 1, 1});
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> values = out.values();
  for (int i = 0; i < 48; ++i) {
    const int block = i / 8;
    const float expected = block == 1 ? float(i - 8) : block == 3 ? float(i - 8) : -1.0f;
    EXPECT_EQ(values[i], expected) << "element " << i;
  }
}

TEST(DataMovementTest, DataCopyUB2GMImplPastTheGmBufferIsOutOfBounds) {
  simtest::GmBuffer<float> out(8);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 16 * sizeof(float));
    LocalTensor<float> local = buf.Get<float>();
    Duplicate(local, 1.0f, 16);
    PipeBarrier<PIPE_ALL>();
    DataCopyUB2GMImpl((__gm__ float*)out.addr(), (__ubuf__ float*)local.GetPhyAddr(), {1, 2, 0, 0});
  });
  EXPECT_TRUE(outcome.HasKind("gm-out-of-bounds")) << outcome.Describe();
}

TEST(DataMovementTest, CopyKeepsBitPatternsExactly) {
  std::vector<uint16_t> source(128);
  for (size_t i = 0; i < source.size(); ++i) source[i] = uint16_t(0x7c01 + i);  // signalling NaNs in half
  const auto run =
      simtest::RunOnUb<uint16_t, uint16_t>(source, std::vector<uint16_t>(128), [](const auto& dst, const auto& src) {
        const uint64_t mask[2] = {~0ull, ~0ull};
        Copy(dst.template ReinterpretCast<half>(), src.template ReinterpretCast<half>(), mask, 1, {1, 1, 8, 8});
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  EXPECT_EQ(run.dst, source);
}

TEST(DataMovementTest, AtomicAddAccumulatesEveryBlocksCopy) {
  constexpr uint32_t kBlocks = 8, kLength = 64;
  simtest::GmBuffer<float> out(std::vector<float>(kLength, 0.5f));
  const auto outcome = simtest::Launch(kBlocks, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kLength * sizeof(float));
    GlobalTensor<float> gm;
    gm.SetGlobalBuffer((__gm__ float*)out.addr(), kLength);
    LocalTensor<float> values = buf.Get<float>();
    Duplicate(values, float(GetBlockIdx() + 1), kLength);
    SetAtomicAdd<float>();
    DataCopy(gm, values, kLength);
    SetAtomicNone();
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (float value : out.values()) EXPECT_EQ(value, 0.5f + 36.0f);  // 1 + 2 + ... + 8
}

TEST(DataMovementTest, AtomicMaxKeepsTheLargestAndNoneOverwrites) {
  simtest::GmBuffer<int32_t> maxOut(std::vector<int32_t>(8, 5));
  simtest::GmBuffer<int32_t> plainOut(std::vector<int32_t>(8, 5));
  const auto outcome = simtest::Launch(4, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 32);
    GlobalTensor<int32_t> maxGm, plainGm;
    maxGm.SetGlobalBuffer((__gm__ int32_t*)maxOut.addr(), 8);
    plainGm.SetGlobalBuffer((__gm__ int32_t*)plainOut.addr(), 8);
    LocalTensor<int32_t> values = buf.Get<int32_t>();
    Duplicate(values, int32_t(GetBlockIdx() * 3), 8);  // 0, 3, 6, 9
    SetAtomicMax<int32_t>();
    DataCopy(maxGm, values, 8);
    SetAtomicNone();
    DataCopy(plainGm, values, 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int32_t value : maxOut.values()) EXPECT_EQ(value, 9);
  for (int32_t value : plainOut.values()) EXPECT_EQ(value, 9);  // the last block's plain write
}

// GM->UB DataCopyPad fills the rest of the last 32-byte block: with left/right padding 0 the block's
// first element is repeated (isPad or not); otherwise the padding slots take the pad value.
TEST(DataMovementTest, DataCopyPadFillsTheBlockTailWithTheFirstElementOrThePadValue) {
  simtest::GmBuffer<float> in(std::vector<float>{7.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 8.0f});
  simtest::GmBuffer<float> out(std::vector<float>(16, -1.0f));
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64);
    GlobalTensor<float> inGm, outGm;
    inGm.SetGlobalBuffer((__gm__ float*)in.addr(), 8);
    outGm.SetGlobalBuffer((__gm__ float*)out.addr(), 16);
    LocalTensor<float> local = buf.Get<float>();
    Duplicate(local, 100.0f, 16);
    PipeBarrier<PIPE_ALL>();
    DataCopyPad(local, inGm, {1, 3 * sizeof(float), 0, 0, 0}, {true, 0, 0, 9.0f});
    DataCopyPad(local[8], inGm[1], {1, 3 * sizeof(float), 0, 0, 0}, {true, 0, 2, 9.0f});
    PipeBarrier<PIPE_ALL>();
    DataCopy(outGm, local, 16);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> expected = {7, 1, 2, 7, 7, 7, 7, 7, 1, 2, 3, 9, 9, 9, 9, 9};
  EXPECT_EQ(out.values(), expected);
}

TEST(DataMovementTest, InitGlobalMemoryFillsAndChecksBounds) {
  simtest::GmBuffer<half> out(100);
  auto outcome = simtest::Launch(1, [&] {
    GlobalTensor<half> gm;
    gm.SetGlobalBuffer((__gm__ half*)out.addr(), 100);
    InitGlobalMemory(gm, 100, half(2.5f));
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (const half& value : out.values()) EXPECT_EQ(float(value), 2.5f);
  outcome = simtest::Launch(1, [&] {
    GlobalTensor<half> gm;
    gm.SetGlobalBuffer((__gm__ half*)out.addr(), 100);
    InitOutput(gm[50], 51, half(1.0f));
  });
  EXPECT_EQ(outcome.status, 1);
  EXPECT_TRUE(outcome.HasKind("gm-out-of-bounds")) << outcome.Describe();
}

// copy_ubuf_to_ubuf, the CCE spelling of DataCopy's UB-to-UB block form: nBurst bursts of lenBurst
// 32-byte units, srcStride and dstStride units apart.
TEST(DataMovementTest, CopyUbufToUbufMovesBurstsWithTheirGaps) {
  std::vector<float> source(64);
  for (size_t i = 0; i < source.size(); ++i) source[i] = float(i);
  const auto run =
      simtest::RunOnUb<float, float>(source, std::vector<float>(64, -1.0f), [](const auto& dst, const auto& src) {
        copy_ubuf_to_ubuf((__ubuf__ float*)dst.GetPhyAddr(), (__ubuf__ float*)src.GetPhyAddr(), 0, 2, 1, 1, 2);
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (size_t i = 0; i < 64; ++i) {
    const float expected = i < 8 ? float(i) : (i >= 24 && i < 32 ? float(i - 8) : -1.0f);
    ASSERT_EQ(run.dst[i], expected) << "element " << i;
  }
}

}  // namespace

// A tensor in an allocator segment (rt::GmAllocInSegment): past its end but inside the segment the
// NPU reads and writes without fault, so the copy is performed with a warning; past the segment, or
// anywhere past the end under AKGEN_SIM_STRICT=1, it is the gm-out-of-bounds error.
class GmSegmentTest : public ::testing::Test {
 protected:
  static constexpr size_t kTensorFloats = 128;
  static constexpr size_t kSegmentFloats = 1024;

  void SetUp() override {
    ascendc_sim::ResetWarningDeduplication();
    gm_ = static_cast<float*>(
        ascendc_sim::rt::GmAllocInSegment(kTensorFloats * sizeof(float), kSegmentFloats * sizeof(float)));
    for (size_t i = 0; i < kSegmentFloats; ++i) gm_[i] = float(i);
  }
  void TearDown() override {
    unsetenv("AKGEN_SIM_STRICT");
    AscendC::GmFree(gm_);
  }

  // Copies 64 floats at `offset` of the tensor through UB and back 64 floats further on.
  simtest::LaunchOutcome CopyAt(size_t offset) {
    return simtest::Launch(1, [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> buf;
      pipe.InitBuffer(buf, 64 * sizeof(float));
      GlobalTensor<float> global;
      global.SetGlobalBuffer((__gm__ float*)gm_, kSegmentFloats * 4);
      LocalTensor<float> local = buf.Get<float>();
      DataCopy(local, global[offset], 64);
      PipeBarrier<PIPE_ALL>();
      DataCopy(global[offset + 64], local, 64);
    });
  }

  float* gm_ = nullptr;
};

TEST_F(GmSegmentTest, InsideTheTensorIsSilent) {
  const simtest::LaunchOutcome outcome = CopyAt(0);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_TRUE(outcome.diagnostics.empty()) << outcome.Describe();
}

TEST_F(GmSegmentTest, PastTheTensorInsideTheSegmentIsPerformedWithAWarning) {
  const simtest::LaunchOutcome outcome = CopyAt(512);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(outcome.diagnostics.size(), 2u) << outcome.Describe();  // the read and the write, one line each
  for (const ascendc_sim::Diagnostic& diagnostic : outcome.diagnostics) {
    EXPECT_EQ(diagnostic.severity, ascendc_sim::Severity::kWarning);
    EXPECT_EQ(diagnostic.kind, "gm-out-of-bounds");
    EXPECT_NE(diagnostic.message.find("of a 512-byte global buffer"), std::string::npos) << diagnostic.message;
    EXPECT_NE(diagnostic.message.find("allocator segment"), std::string::npos) << diagnostic.message;
  }
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(gm_[576 + i], float(512 + i)) << "element " << 576 + i;
}

TEST_F(GmSegmentTest, PastTheTensorIsAnErrorWhenStrict) {
  setenv("AKGEN_SIM_STRICT", "1", 1);
  const simtest::LaunchOutcome outcome = CopyAt(512);
  EXPECT_NE(outcome.status, 0);
  EXPECT_TRUE(outcome.HasKind("gm-out-of-bounds")) << outcome.Describe();
  EXPECT_EQ(gm_[576], 576.0f) << "nothing was written";
}

TEST_F(GmSegmentTest, PastTheSegmentIsAnError) {
  const simtest::LaunchOutcome outcome = CopyAt(kSegmentFloats - 32);
  EXPECT_NE(outcome.status, 0);
  ASSERT_TRUE(outcome.HasKind("gm-out-of-bounds")) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics.back().severity, ascendc_sim::Severity::kError);
}
