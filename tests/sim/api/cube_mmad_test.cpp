// Mmad on the cube path: every A2 dtype pair against a plain triple loop with the cube's rounding,
// initialisation versus accumulation, bias from the bias table, GEMV (m = 1) and kDirectionAlign.
#include <gtest/gtest.h>

#include "cube_test_support.h"

using namespace AscendC;
using cubetest::Round16;

namespace {

template <class T>
std::vector<T> RandomInputs(size_t count, uint32_t seed) {
  std::vector<T> values;
  for (float v : simtest::RandomFloats(count, -4.0f, 4.0f, seed)) {
    if constexpr (std::is_same_v<T, int8_t>) {
      values.push_back(int8_t(int(v * 30.0f)));
    } else {
      values.push_back(T(v));
    }
  }
  return values;
}

template <class T>
using Acc = std::conditional_t<std::is_same_v<T, int8_t>, int32_t, float>;

struct Options {
  bool splitK = false;    // two Mmads over the two halves of K, the second accumulating
  bool withBias = false;  // a bias row in the bias table
  bool kDirectionAlign = false;
  uint32_t kBlocksA = 0;  // fractals per row block of A in L0A (default ceil(k/K0))
};

// C [m, n] = A [m, k] x B [k, n] (+ bias) through L1, L0A/L0B, Mmad and Fixpipe (NoQuant).
template <class T>
std::vector<Acc<T>> RunMmad(const std::vector<T>& a, const std::vector<T>& bT, const std::vector<Acc<T>>& bias,
                            uint32_t m, uint32_t n, uint32_t k, Options options, simtest::LaunchOutcome* outcome) {
  simtest::GmBuffer<T> aGm(a), bGm(bT);
  simtest::GmBuffer<Acc<T>> biasGm(bias.empty() ? std::vector<Acc<T>>(16) : bias);
  simtest::GmBuffer<Acc<T>> cGm(size_t(m) * n);
  *outcome = simtest::LaunchOnCube(1, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1Buf;
    TBuf<TPosition::B1> b1Buf, biasL1Buf;
    TBuf<TPosition::A2> a2Buf;
    TBuf<TPosition::B2> b2Buf;
    TBuf<TPosition::CO1> c1Buf;
    TBuf<TPosition::C2> biasBuf;
    pipe.InitBuffer(a1Buf, 128 * 1024);
    pipe.InitBuffer(b1Buf, 128 * 1024);
    pipe.InitBuffer(biasL1Buf, 1024);
    pipe.InitBuffer(a2Buf, 64 * 1024);
    pipe.InitBuffer(b2Buf, 64 * 1024);
    pipe.InitBuffer(c1Buf, 128 * 1024);
    pipe.InitBuffer(biasBuf, 1024);
    auto aGlobal = cubetest::Global(aGm);
    auto bGlobal = cubetest::Global(bGm);
    GlobalTensor<Acc<T>> cGlobal, biasGlobal;
    cGlobal.SetGlobalBuffer((__gm__ Acc<T>*)cGm.addr());
    biasGlobal.SetGlobalBuffer((__gm__ Acc<T>*)biasGm.addr());
    LocalTensor<T> a1 = a1Buf.Get<T>(), a2 = a2Buf.Get<T>(), b1 = b1Buf.Get<T>(), b2 = b2Buf.Get<T>();
    LocalTensor<Acc<T>> c1 = c1Buf.Get<Acc<T>>();
    if (!options.splitK) {
      cubetest::StageA(a1, a2, aGlobal, m, k, k, options.kBlocksA);
      cubetest::StageBTransposed(b1, b2, bGlobal, n, k);
    }
    MmadParams params;
    params.m = uint16_t(m);
    params.n = uint16_t(n);
    params.k = uint16_t(k);
    params.kDirectionAlign = options.kDirectionAlign;
    if (options.withBias) {
      LocalTensor<Acc<T>> biasL1 = biasL1Buf.Get<Acc<T>>(), biasTable = biasBuf.Get<Acc<T>>();
      DataCopy(biasL1, biasGlobal, Round16(n));
      DataCopy(biasTable, biasL1, DataCopyParams(1, uint16_t(Round16(n) * sizeof(Acc<T>) / 64), 0, 0));
      params.cmatrixInitVal = false;
      Mmad(c1, a2, b2, biasTable, params);
    } else if (options.splitK) {
      // Each half of K staged on its own (L1 and L0 halves), the second Mmad accumulating.
      const uint32_t half = k / 2;
      LocalTensor<T> a1Hi = a1[64 * 1024 / sizeof(T)], b1Hi = b1[64 * 1024 / sizeof(T)];
      LocalTensor<T> a2Hi = a2[32 * 1024 / sizeof(T)], b2Hi = b2[32 * 1024 / sizeof(T)];
      cubetest::StageA(a1, a2, aGlobal, m, half, k);
      cubetest::StageBTransposed(b1, b2, bGlobal, n, half, k);
      cubetest::StageA(a1Hi, a2Hi, aGlobal[half], m, half, k);
      cubetest::StageBTransposed(b1Hi, b2Hi, bGlobal[half], n, half, k);
      params.k = uint16_t(half);
      Mmad(c1, a2, b2, params);
      params.cmatrixInitVal = false;
      Mmad(c1, a2Hi, b2Hi, params);
    } else {
      Mmad(c1, a2, b2, params);
    }
    FixpipeParamsV220 fix;
    fix.nSize = uint16_t(n);
    fix.mSize = uint16_t(m);
    fix.srcStride = uint16_t(Round16(m));
    fix.dstStride = n;
    Fixpipe<Acc<T>, Acc<T>, CFG_ROW_MAJOR>(cGlobal, c1, fix);
  });
  return cGm.values();
}

template <class T>
void ExpectMatchesReference(uint32_t m, uint32_t n, uint32_t k, Options options) {
  const std::vector<T> a = RandomInputs<T>(size_t(m) * k, 11), bT = RandomInputs<T>(size_t(n) * k, 12);
  std::vector<Acc<T>> bias;
  std::vector<double> init;
  if (options.withBias) {
    for (float v : simtest::RandomFloats(n, -8.0f, 8.0f, 13))
      bias.push_back(Acc<T>(std::is_same_v<T, int8_t> ? v * 100 : v));
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < n; ++j) init.push_back(double(bias[j]));
    bias.resize(Round16(n));
  }
  simtest::LaunchOutcome outcome;
  const std::vector<Acc<T>> c = RunMmad<T>(a, bT, bias, m, n, k, options, &outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  std::vector<double> expected;
  if (options.splitK) {
    // The first Mmad's result rounds, then the second continues from it.
    const uint32_t half = k / 2;
    std::vector<T> aLo, aHi, bLo, bHi;
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t kk = 0; kk < k; ++kk) (kk < half ? aLo : aHi).push_back(a[size_t(i) * k + kk]);
    for (uint32_t j = 0; j < n; ++j)
      for (uint32_t kk = 0; kk < k; ++kk) (kk < half ? bLo : bHi).push_back(bT[size_t(j) * k + kk]);
    expected = cubetest::Reference(aHi, bHi, m, n, half, cubetest::Reference(aLo, bLo, m, n, half, {}));
  } else {
    expected = cubetest::Reference(a, bT, m, n, k, init);
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(double(c[i]), expected[i]) << "element " << i << " (row " << i / n << ", column " << i % n << ")";
  }
}

TEST(CubeMmad, HalfInputsOnTileShapesAndRaggedShapes) {
  ExpectMatchesReference<half>(32, 32, 32, {});
  ExpectMatchesReference<half>(30, 40, 70, {});  // the Mmad documentation's ragged example
}

TEST(CubeMmad, Bfloat16Inputs) { ExpectMatchesReference<bfloat16_t>(48, 24, 64, {}); }

TEST(CubeMmad, FloatInputsStepEightValuesAtATime) {
  ExpectMatchesReference<float>(32, 16, 40, {});
  ExpectMatchesReference<float>(17, 33, 12, {});
}

TEST(CubeMmad, FloatWithKDirectionAlignPadsL0aRowsToSixteen) {
  // K = 20 in float: L0A row blocks take ceil(20/8) = 3 fractals, or ceil(20/16) * 2 = 4 with
  // kDirectionAlign (K-direction alignment documentation). Each staging matches one flag.
  ExpectMatchesReference<float>(32, 16, 20, {false, false, false, 3});
  ExpectMatchesReference<float>(32, 16, 20, {false, false, true, 4});
}

TEST(CubeMmad, Int8InputsAccumulateExactlyInInt32) {
  ExpectMatchesReference<int8_t>(32, 48, 96, {});
  ExpectMatchesReference<int8_t>(20, 20, 40, {});
}

TEST(CubeMmad, SecondMmadAccumulatesOntoL0c) {
  ExpectMatchesReference<half>(32, 32, 64, {true, false, false});
  ExpectMatchesReference<int8_t>(16, 32, 128, {true, false, false});
}

TEST(CubeMmad, BiasFromTheBiasTableStartsEachRow) {
  ExpectMatchesReference<half>(32, 48, 32, {false, true, false});
  ExpectMatchesReference<int8_t>(16, 32, 64, {false, true, false});
}

TEST(CubeMmad, CmatrixInitValTrueIgnoresTheBiasWithAWarning) {
  simtest::GmBuffer<float> biasGm(std::vector<float>(16, 5.0f));
  simtest::GmBuffer<float> cGm(256);
  simtest::GmBuffer<half> aGm(std::vector<half>(256, half(1.0f))), bGm(std::vector<half>(256, half(1.0f)));
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1Buf, biasL1Buf;
    TBuf<TPosition::B1> b1Buf;
    TBuf<TPosition::A2> a2Buf;
    TBuf<TPosition::B2> b2Buf;
    TBuf<TPosition::CO1> c1Buf;
    TBuf<TPosition::C2> biasBuf;
    for (auto* buf : {&a1Buf, &biasL1Buf}) pipe.InitBuffer(*buf, 512);
    pipe.InitBuffer(b1Buf, 512);
    pipe.InitBuffer(a2Buf, 512);
    pipe.InitBuffer(b2Buf, 512);
    pipe.InitBuffer(c1Buf, 1024);
    pipe.InitBuffer(biasBuf, 64);
    auto aGlobal = cubetest::Global(aGm);
    auto bGlobal = cubetest::Global(bGm);
    auto biasGlobal = cubetest::Global(biasGm);
    auto cGlobal = cubetest::Global(cGm);
    LocalTensor<half> a2 = a2Buf.Get<half>(), b2 = b2Buf.Get<half>();
    cubetest::StageA(a1Buf.Get<half>(), a2, aGlobal, 16, 16);
    cubetest::StageBTransposed(b1Buf.Get<half>(), b2, bGlobal, 16, 16);
    DataCopy(biasL1Buf.Get<float>(), biasGlobal, 16);
    DataCopy(biasBuf.Get<float>(), biasL1Buf.Get<float>(), DataCopyParams(1, 1, 0, 0));
    MmadParams params(16, 16, 16, 0, false, true);
    Mmad(c1Buf.Get<float>(), a2, b2, biasBuf.Get<float>(), params);
    FixpipeParamsV220 fix(16, 16, 16, 16, false);
    Fixpipe(cGlobal, c1Buf.Get<float>(), fix);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_EQ(cGm.values()[0], 16.0f);  // 16 products of 1, no bias
}

TEST(CubeMmad, GemvReadsTheRowOfAContiguously) {
  // m = 1: L0A holds A's K values one after another (Mmad documentation, GEMV), not as a fractal.
  const uint32_t n = 32, k = 48;
  const std::vector<half> a = RandomInputs<half>(k, 21), bT = RandomInputs<half>(size_t(n) * k, 22);
  simtest::GmBuffer<half> aGm(a), bGm(bT);
  simtest::GmBuffer<float> cGm(n);
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    cubetest::CubeBuffers buffers(512, 8192, 512, 8192, 4096);
    auto aGlobal = cubetest::Global(aGm);
    auto bGlobal = cubetest::Global(bGm);
    auto cGlobal = cubetest::Global(cGm);
    LocalTensor<half> a1 = buffers.a1.Get<half>(), a2 = buffers.a2.Get<half>(), b2 = buffers.b2.Get<half>();
    DataCopy(a1, aGlobal, k);  // the row as it is, ND
    LoadData(a2, a1, LoadData2DParams(0, 1, 1, 0, 0, false, 0));
    cubetest::StageBTransposed(buffers.b1.Get<half>(), b2, bGlobal, n, k);
    Mmad(buffers.c1.Get<float>(), a2, b2, MmadParams(1, uint16_t(n), uint16_t(k), 0, false, true));
    Fixpipe(cGlobal, buffers.c1.Get<float>(), FixpipeParamsV220(uint16_t(n), 1, 16, n, false));
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<double> expected = cubetest::Reference(a, bT, 1, n, k, {});
  for (uint32_t j = 0; j < n; ++j) EXPECT_EQ(double(cGm.values()[j]), expected[j]) << j;
}

}  // namespace
