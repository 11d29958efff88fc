// Fixpipe from L0C: NZ -> ND with row strides and several matrices, NZ kept (with and without
// channel split), conversions (F322F16, F322BF16), quantisation (DEQF16 scalar and per column,
// REQ8, QF322B8_PRE), ReLU, output to L1, and atomic accumulation into GM. L0C is filled by the
// scalar unit in the Nz layout, so each case controls its source exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "cube_test_support.h"

using namespace AscendC;
using cubetest::NzAt;

namespace {

// L0C holds an m x n matrix (row stride `rows` between 16-wide column blocks) with value(i, j).
template <class Acc, class Value>
void FillL0c(const LocalTensor<Acc>& c1, uint32_t m, uint32_t n, uint32_t rows, Value value) {
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) c1.SetValue(uint32_t(NzAt(i, j, 16, rows)), value(i, j));
}

float FloatAt(uint32_t i, uint32_t j) { return float(int(i * 37 + j * 11) % 97 - 48) * 0.375f + 0.001f; }
int32_t IntAt(uint32_t i, uint32_t j) { return int32_t(i * 131 + j * 17) % 601 - 300; }

uint64_t ScaleBits(float scale) { return uint64_t(__builtin_bit_cast(uint32_t, scale)); }

// Runs body(gmTensor, l0c, l1) with an L0C of 32 KiB and an L1 of 8 KiB; returns GM's contents.
template <class Dst, class Acc, class Body>
std::vector<Dst> RunFixpipe(size_t gmElements, Body body, const std::vector<Dst>& initial = {}) {
  simtest::GmBuffer<Dst> gm(initial.empty() ? std::vector<Dst>(gmElements, Dst(0)) : initial);
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    TPipe pipe;
    TBuf<TPosition::CO1> c1Buf;
    TBuf<TPosition::C1> l1Buf;
    pipe.InitBuffer(c1Buf, 32768);
    pipe.InitBuffer(l1Buf, 8192);
    GlobalTensor<Dst> global;
    global.SetGlobalBuffer((__gm__ Dst*)gm.addr(), gmElements);
    body(global, c1Buf.template Get<Acc>(), l1Buf);
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  return gm.values();
}

TEST(CubeFixpipe, RowMajorOutputConvertsToHalfWithRowStrideAndTwoMatrices) {
  // Two 20 x 24 matrices in L0C (rows 32 apart per column block; the second 4 L0C fractals
  // later) to rows of 40 halfs, the second matrix 1000 elements on.
  const uint32_t m = 20, n = 24, rows = 32, dstStride = 40, srcNdStride = 4, dstNdStride = 1000;
  const std::vector<half> out = RunFixpipe<half, float>(2000, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, rows, FloatAt);
    FillL0c(c1[srcNdStride * 256], m, n, rows, [](uint32_t i, uint32_t j) { return -FloatAt(i, j); });
    FixpipeParamsV220 p(n, m, rows, dstStride, false, F322F16, 0, 2, srcNdStride, dstNdStride, 0);
    Fixpipe<half, float, CFG_ROW_MAJOR>(gm, c1, p);
  });
  for (uint32_t nd = 0; nd < 2; ++nd)
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < dstStride; ++j) {
        const float expected = j >= n ? 0.0f : (nd == 0 ? 1.0f : -1.0f) * FloatAt(i, j);
        ASSERT_EQ(float(out[nd * dstNdStride + i * dstStride + j]), float(half(expected)))
            << nd << "," << i << "," << j;
      }
}

TEST(CubeFixpipe, Bfloat16ConversionAndReluClampNegativesToZero) {
  const uint32_t m = 16, n = 32;
  const std::vector<bfloat16_t> out = RunFixpipe<bfloat16_t, float>(m * n, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, 16, FloatAt);
    FixpipeParamsV220 p(n, m, 16, n, true, F322BF16, 0, 1, 0, 0, 0);
    Fixpipe(gm, c1, p);
  });
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j)
      ASSERT_EQ(float(out[i * n + j]), float(bfloat16_t(std::max(FloatAt(i, j), 0.0f)))) << i << "," << j;
}

TEST(CubeFixpipe, Int32OutputsAsIsAndDeqf16ScalesIntoHalf) {
  const uint32_t m = 16, n = 16;
  const std::vector<int32_t> same = RunFixpipe<int32_t, int32_t>(m * n, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, 16, IntAt);
    Fixpipe(gm, c1, FixpipeParamsV220(n, m, 16, n, false));
  });
  const std::vector<half> scaled = RunFixpipe<half, int32_t>(m * n, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, 16, IntAt);
    Fixpipe(gm, c1, FixpipeParamsV220(n, m, 16, n, false, DEQF16, int64_t(ScaleBits(0.25f)), 1, 0, 0, 0));
  });
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      ASSERT_EQ(same[i * n + j], IntAt(i, j));
      ASSERT_EQ(float(scaled[i * n + j]), float(IntAt(i, j)) * 0.25f) << i << "," << j;
    }
}

TEST(CubeFixpipe, Vdeqf16TakesOneScalePerColumnFromL1) {
  const uint32_t m = 16, n = 32;
  simtest::GmBuffer<uint64_t> scales(n);
  for (uint32_t j = 0; j < n; ++j) scales.data()[j] = ScaleBits(float(j + 1) / 8.0f);
  const std::vector<half> out = RunFixpipe<half, int32_t>(m * n, [&](auto gm, auto c1, auto& l1Buf) {
    FillL0c(c1, m, n, 16, IntAt);
    auto scaleGlobal = cubetest::Global(scales);
    LocalTensor<uint64_t> table = l1Buf.template Get<uint64_t>();
    DataCopy(table, scaleGlobal, n);
    FixpipeParamsV220 p(n, m, 16, n, false, VDEQF16, 0, 1, 0, 0, 0);
    Fixpipe<half, int32_t, CFG_ROW_MAJOR>(gm, c1, table, p);
  });
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j)
      ASSERT_EQ(float(out[i * n + j]), float(half(float(IntAt(i, j)) * float(j + 1) / 8.0f))) << i << "," << j;
}

TEST(CubeFixpipe, Req8AndQf322b8RoundSaturateAndAddTheOffset) {
  const uint32_t m = 16, n = 16;
  // Scale 0.75, offset -3, signed result (QUANT_PRE bits: [31:13] scale, [45:37] offset, [46] sign).
  const uint64_t param = ScaleBits(0.75f) | (uint64_t(512 - 3) << 37) | (uint64_t(1) << 46);
  const std::vector<int8_t> fromInt = RunFixpipe<int8_t, int32_t>(m * n, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, 16, IntAt);
    Fixpipe(gm, c1, FixpipeParamsV220(n, m, 16, n, false, REQ8, int64_t(param), 1, 0, 0, 0));
  });
  const std::vector<int8_t> fromFloat = RunFixpipe<int8_t, float>(m * n, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, 16, [](uint32_t i, uint32_t j) { return FloatAt(i, j) * 9.0f; });
    Fixpipe(gm, c1, FixpipeParamsV220(n, m, 16, n, false, QF322B8_PRE, int64_t(param), 1, 0, 0, 0));
  });
  auto quantise = [](double value) {
    const double rounded = std::clamp(std::nearbyint(value * 0.75), -256.0, 255.0) - 3.0;
    return int8_t(std::clamp(rounded, -128.0, 127.0));
  };
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      ASSERT_EQ(fromInt[i * n + j], quantise(IntAt(i, j))) << i << "," << j;
      ASSERT_EQ(fromFloat[i * n + j], quantise(double(float(FloatAt(i, j) * 9.0f)))) << i << "," << j;
    }
}

TEST(CubeFixpipe, NzOutputKeepsFractalsWithTheDestinationStride) {
  // CFG_NZ: column block b of 16 halfs per row starts b * dstStride 32-byte blocks on.
  const uint32_t m = 20, n = 32, rows = 32, dstStride = 24;  // 24 blocks: 12 rows of 16 halfs... of 32 bytes
  const std::vector<half> out = RunFixpipe<half, float>(2 * dstStride * 16, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, rows, FloatAt);
    FixpipeParamsV220 p(n, m, rows, dstStride, false, F322F16, 0, 1, 0, 0, 0);
    Fixpipe<half, float, CFG_NZ>(gm, c1, p);
  });
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j)
      ASSERT_EQ(float(out[(j / 16) * dstStride * 16 + i * 16 + j % 16]), float(half(FloatAt(i, j)))) << i << "," << j;
}

TEST(CubeFixpipe, ChannelSplitWritesFloatInEightWideBlocks) {
  const uint32_t m = 16, n = 16, dstStride = 16;  // 16 blocks of 32 bytes = 16 rows of 8 floats
  const std::vector<float> out = RunFixpipe<float, float>(2 * dstStride * 8, [&](auto gm, auto c1, auto&) {
    FillL0c(c1, m, n, 16, FloatAt);
    FixpipeParamsV220 p(n, m, 16, dstStride, false, NoQuant, 0, 1, 0, 0, 0, true);
    Fixpipe<float, float, CFG_NZ>(gm, c1, p);
  });
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j)
      ASSERT_EQ(out[(j / 8) * dstStride * 8 + i * 8 + j % 8], FloatAt(i, j)) << i << "," << j;
}

TEST(CubeFixpipe, ToL1TheOutputStaysNz) {
  // CFG_ROW_MAJOR does not apply on the L0C -> L1 path of A2: the result is NZ there.
  const uint32_t m = 16, n = 32, dstStride = 16;
  std::vector<half> l1;
  RunFixpipe<half, float>(16, [&](auto, auto c1, auto& l1Buf) {
    FillL0c(c1, m, n, 16, FloatAt);
    LocalTensor<half> a1 = l1Buf.template Get<half>();
    Fixpipe<half, float, CFG_ROW_MAJOR>(a1, c1, FixpipeParamsV220(n, m, 16, dstStride, false, F322F16, 0, 1, 0, 0, 0));
    PipeBarrier<PIPE_ALL>();
    for (uint32_t e = 0; e < 2 * dstStride * 16; ++e) l1.push_back(a1.GetValue(e));
  });
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j)
      ASSERT_EQ(float(l1[(j / 16) * dstStride * 16 + i * 16 + j % 16]), float(half(FloatAt(i, j)))) << i << "," << j;
}

TEST(CubeFixpipe, AtomicAddAccumulatesIntoGm) {
  const uint32_t m = 16, n = 16;
  const std::vector<float> out = RunFixpipe<float, float>(
      m * n,
      [&](auto gm, auto c1, auto&) {
        FillL0c(c1, m, n, 16, FloatAt);
        SetAtomicAdd<float>();
        Fixpipe(gm, c1, FixpipeParamsV220(n, m, 16, n, false));
        SetAtomicNone();
      },
      std::vector<float>(m * n, 100.0f));
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) ASSERT_EQ(out[i * n + j], 100.0f + FloatAt(i, j)) << i << "," << j;
}

}  // namespace
