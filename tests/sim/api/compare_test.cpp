#include <gtest/gtest.h>

#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

constexpr uint32_t kCount = 256;

simtest::LaunchOutcome RunCompare(const std::vector<float>& a, const std::vector<float>& b, CMPMODE mode,
                                  uint32_t count, std::vector<uint8_t>& bits) {
  simtest::GmBuffer<float> x(a), y(b);
  simtest::GmBuffer<uint8_t> z(kCount / 8);
  auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, yBuf, zBuf;
    pipe.InitBuffer(xBuf, kCount * sizeof(float));
    pipe.InitBuffer(yBuf, kCount * sizeof(float));
    pipe.InitBuffer(zBuf, kCount / 8);
    GlobalTensor<float> xGm, yGm;
    GlobalTensor<uint8_t> zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x.addr(), kCount);
    yGm.SetGlobalBuffer((__gm__ float*)y.addr(), kCount);
    zGm.SetGlobalBuffer((__gm__ uint8_t*)z.addr(), kCount / 8);
    LocalTensor<float> xs = xBuf.Get<float>(), ys = yBuf.Get<float>();
    LocalTensor<uint8_t> zs = zBuf.Get<uint8_t>();
    DataCopy(xs, xGm, kCount);
    DataCopy(ys, yGm, kCount);
    Compare(zs, xs, ys, mode, count);
    DataCopy(zGm, zs, kCount / 8);
  });
  bits = z.values();
  return outcome;
}

TEST(CompareTest, FloatCompareWritesOneBitPerElementForEveryMode) {
  auto a = simtest::RandomFloats(kCount, -2.0f, 2.0f, 1);
  auto b = simtest::RandomFloats(kCount, -2.0f, 2.0f, 2);
  for (uint32_t i = 0; i < kCount; i += 5) b[i] = a[i];  // equal lanes
  for (CMPMODE mode : {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ, CMPMODE::LE, CMPMODE::GE, CMPMODE::NE}) {
    std::vector<uint8_t> bits;
    const auto outcome = RunCompare(a, b, mode, kCount, bits);
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
    for (uint32_t i = 0; i < kCount; ++i) {
      bool expected = false;
      switch (mode) {
        case CMPMODE::LT: expected = a[i] < b[i]; break;
        case CMPMODE::GT: expected = a[i] > b[i]; break;
        case CMPMODE::EQ: expected = a[i] == b[i]; break;
        case CMPMODE::LE: expected = a[i] <= b[i]; break;
        case CMPMODE::GE: expected = a[i] >= b[i]; break;
        case CMPMODE::NE: expected = a[i] != b[i]; break;
      }
      ASSERT_EQ(((bits[i / 8] >> (i % 8)) & 1) != 0, expected) << "mode " << int(mode) << " element " << i;
    }
  }
}

TEST(CompareTest, CountThatIsNotA256ByteMultipleIsRejected) {
  std::vector<uint8_t> bits;
  const auto outcome = RunCompare(std::vector<float>(kCount, 1.0f), std::vector<float>(kCount, 2.0f), CMPMODE::LT, 100, bits);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

// Level 0 writes the CMPMASK register; GetCmpMask reads it back (mask: first 40 lanes only).
TEST(CompareTest, LevelZeroCompareFillsTheCmpMaskRegister) {
  const auto a = simtest::RandomFloats(64, -1.0f, 1.0f, 3);
  simtest::GmBuffer<float> x(a);
  simtest::GmBuffer<uint64_t> out(4);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, zeroBuf, maskBuf;
    pipe.InitBuffer(xBuf, 64 * sizeof(float));
    pipe.InitBuffer(zeroBuf, 64 * sizeof(float));
    pipe.InitBuffer(maskBuf, 32);
    GlobalTensor<float> xGm;
    GlobalTensor<uint64_t> outGm;
    xGm.SetGlobalBuffer((__gm__ float*)x.addr(), 64);
    outGm.SetGlobalBuffer((__gm__ uint64_t*)out.addr(), 4);
    LocalTensor<float> xs = xBuf.Get<float>(), zeros = zeroBuf.Get<float>();
    for (uint32_t i = 0; i < 64; ++i) zeros.SetValue(i, 0.0f);
    LocalTensor<uint64_t> reg = maskBuf.Get<uint64_t>();
    for (uint32_t i = 0; i < 4; ++i) reg.SetValue(i, uint64_t(0));
    DataCopy(xs, xGm, 64);
    Compare(xs, zeros, CMPMODE::GT, uint64_t(40), {});
    GetCmpMask(reg);
    DataCopy(outGm, reg, 4);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  uint64_t expected = 0;
  for (uint32_t i = 0; i < 40; ++i) expected |= uint64_t(a[i] > 0.0f) << i;
  EXPECT_EQ(out.values()[0], expected);
  EXPECT_EQ(out.values()[1], 0u);
}

}  // namespace

namespace {

TEST(CompareTest, LevelZeroCompareIntoTensorPacksEachRepeatsBits) {
  std::vector<float> a(128), b(128, 50.0f);
  for (uint32_t i = 0; i < 128; ++i) a[i] = float(i);
  const auto run = simtest::RunOnUb<uint8_t, float>(
      [&] {
        std::vector<float> both = a;
        both.insert(both.end(), b.begin(), b.end());
        return both;
      }(),
      std::vector<uint8_t>(32, 0xee), [](const LocalTensor<uint8_t>& dst, const LocalTensor<float>& src) {
        Compare(dst, src, src[128], CMPMODE::LT, 40, 2, {1, 1, 1, 8, 8, 8});  // first 40 lanes of 2 repeats
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  // Two repeats of 64 bits (8 bytes each) are written; the rest of dst keeps its sentinel.
  for (uint32_t bit = 0; bit < 128; ++bit) {
    const uint32_t repeat = bit / 64, lane = bit % 64;
    const bool expected = lane < 40 && a[repeat * 64 + lane] < 50.0f;
    ASSERT_EQ(bool((run.dst[bit / 8] >> (bit % 8)) & 1u), expected) << "bit " << bit;
  }
  for (uint32_t byte = 16; byte < 32; ++byte) EXPECT_EQ(run.dst[byte], 0xee) << "byte " << byte;
}

}  // namespace
