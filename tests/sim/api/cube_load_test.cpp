// LoadData and LoadDataWithTranspose: fractal selection (startIndex, srcStride, dstGap), the b16
// fractal transpose, and the square-block transposes of b8 and b32 with dstFracGap, checked
// element by element against the documented semantics; and B [K, N] half transposed into L0B by
// LoadData's ifTranspose, as Catlass loads it, feeding a correct Mmad.
#include <gtest/gtest.h>

#include "cube_test_support.h"

using namespace AscendC;
using cubetest::Round16;

namespace {

// Fills L1 with each element's own index, runs `load(l0, l1)` and returns L0's first `out` elements.
template <class T, TPosition kDst, class Load>
std::vector<T> LoadIndices(uint32_t in, uint32_t out, Load load, simtest::LaunchOutcome* outcome) {
  std::vector<T> result;
  *outcome = simtest::LaunchOnCube(1, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> l1Buf;
    TBuf<kDst> l0Buf;
    pipe.InitBuffer(l1Buf, in * sizeof(T));
    pipe.InitBuffer(l0Buf, out * sizeof(T));
    LocalTensor<T> l1 = l1Buf.template Get<T>(), l0 = l0Buf.template Get<T>();
    for (uint32_t i = 0; i < in; ++i) l1.SetValue(i, T(float(i % 127)));
    load(l0, l1);
    PipeBarrier<PIPE_ALL>();
    for (uint32_t i = 0; i < out; ++i) result.push_back(l0.GetValue(i));
  });
  return result;
}

TEST(CubeLoad, LoadDataPicksFractalsByStartIndexStrideAndGap) {
  // Four float fractals from fractal 1 on, every second one, each followed by a two-fractal gap
  // (the LoadData documentation's start-position example).
  simtest::LaunchOutcome outcome;
  const std::vector<float> l0 = LoadIndices<float, TPosition::A2>(
      16 * 128, 12 * 128,
      [](const LocalTensor<float>& dst, const LocalTensor<float>& src) {
        LoadData(dst, src, LoadData2DParams(1, 4, 2, 0, 2, false, 0));
      },
      &outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t repeat = 0; repeat < 4; ++repeat) {
    for (uint32_t e = 0; e < 128; ++e) {
      const uint32_t source = (1 + repeat * 2) * 128 + e;
      ASSERT_EQ(l0[repeat * 3 * 128 + e], float(source % 127)) << repeat << "," << e;
    }
  }
}

TEST(CubeLoad, IfTransposeTransposesEachHalfFractal) {
  simtest::LaunchOutcome outcome;
  const std::vector<half> l0 = LoadIndices<half, TPosition::B2>(
      4 * 256, 2 * 256,
      [](const LocalTensor<half>& dst, const LocalTensor<half>& src) {
        LoadData(dst, src, LoadData2DParams(0, 2, 2, 0, 0, true, 0));
      },
      &outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t f = 0; f < 2; ++f)
    for (uint32_t r = 0; r < 16; ++r)
      for (uint32_t c = 0; c < 16; ++c)
        ASSERT_EQ(float(l0[f * 256 + r * 16 + c]), float((f * 2 * 256 + c * 16 + r) % 127))
            << f << "," << r << "," << c;
}

TEST(CubeLoad, WithTransposeOfFloatTransposesTwoFractalsSideBySide) {
  // Square i: fractals F0, F1 (16 x 8 each) side by side form S (16 x 16); the two destination
  // fractals are the left and right halves of S transposed, dstFracGap fractals apart.
  const uint32_t dstFracGap = 1, dstGap = 2, repeats = 2;
  simtest::LaunchOutcome outcome;
  const std::vector<float> l0 = LoadIndices<float, TPosition::B2>(
      6 * 128, 8 * 128,
      [&](const LocalTensor<float>& dst, const LocalTensor<float>& src) {
        LoadDataWithTranspose(dst, src, LoadData2dTransposeParams(0, repeats, 2, dstGap, dstFracGap));
      },
      &outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t i = 0; i < repeats; ++i) {
    const uint32_t square = i * 2 * 256;  // srcStride 2 squares of 256 floats
    auto s = [&](uint32_t r, uint32_t c) { return float((square + (c / 8) * 128 + r * 8 + c % 8) % 127); };
    for (uint32_t half = 0; half < 2; ++half) {
      const uint32_t fractal = i * (dstGap + 1) + half * (dstFracGap + 1);
      for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 8; ++c)
          ASSERT_EQ(l0[fractal * 128 + r * 8 + c], s(half * 8 + c, r)) << i << "," << half << "," << r << "," << c;
    }
  }
}

TEST(CubeLoad, WithTransposeOfInt8TransposesTwoStackedFractals) {
  // Two 16 x 32 fractals stacked form a 32 x 32 square; the destination fractals are its
  // transpose's upper and lower 16 rows.
  simtest::LaunchOutcome outcome;
  const std::vector<int8_t> l0 = LoadIndices<int8_t, TPosition::B2>(
      2048, 3 * 512,
      [](const LocalTensor<int8_t>& dst, const LocalTensor<int8_t>& src) {
        LoadDataWithTranspose(dst, src, LoadData2dTransposeParams(1, 1, 1, 0, 1));
      },
      &outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t half = 0; half < 2; ++half)
    for (uint32_t r = 0; r < 16; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        ASSERT_EQ(l0[half * 2 * 512 + r * 32 + c], int8_t((1024 + c * 32 + half * 16 + r) % 127))
            << half << "," << r << "," << c;
}

TEST(CubeLoad, WithTransposeOfHalfMatchesIfTranspose) {
  simtest::LaunchOutcome first, second;
  const auto viaTranspose = LoadIndices<half, TPosition::A2>(
      1024, 512,
      [](const LocalTensor<half>& dst, const LocalTensor<half>& src) {
        LoadDataWithTranspose(dst, src, LoadData2dTransposeParams(1, 2, 2, 0, 0));
      },
      &first);
  const auto viaFlag = LoadIndices<half, TPosition::A2>(
      1024, 512,
      [](const LocalTensor<half>& dst, const LocalTensor<half>& src) {
        LoadData(dst, src, LoadData2DParams(1, 2, 2, 0, 0, true, 0));
      },
      &second);
  ASSERT_EQ(first.status, 0) << first.Describe();
  ASSERT_EQ(second.status, 0) << second.Describe();
  for (uint32_t i = 0; i < 512; ++i) ASSERT_EQ(float(viaTranspose[i]), float(viaFlag[i])) << i;
}

TEST(CubeLoad, HalfBInNzTransposedIntoL0bGivesTheProduct) {
  // B [k, n] row major, as Catlass's CopyL1ToL0B loads it: one LoadData per 16 rows of K with
  // ifTranspose, reading every K-block's N fractals.
  const uint32_t m = 32, n = 48, k = 32, k16 = Round16(k), n16 = Round16(n);
  std::vector<half> a, b, bT(size_t(n) * k);
  for (float v : simtest::RandomFloats(size_t(m) * k, -2.0f, 2.0f, 5)) a.push_back(half(v));
  for (float v : simtest::RandomFloats(size_t(k) * n, -2.0f, 2.0f, 6)) b.push_back(half(v));
  for (uint32_t kk = 0; kk < k; ++kk)
    for (uint32_t j = 0; j < n; ++j) bT[size_t(j) * k + kk] = b[size_t(kk) * n + j];
  simtest::GmBuffer<half> aGm(a), bGm(b);
  simtest::GmBuffer<float> cGm(size_t(m) * n);
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    cubetest::CubeBuffers buffers(8192);
    auto aGlobal = cubetest::Global(aGm);
    auto bGlobal = cubetest::Global(bGm);
    auto cGlobal = cubetest::Global(cGm);
    LocalTensor<half> a2 = buffers.a2.Get<half>(), b1 = buffers.b1.Get<half>(), b2 = buffers.b2.Get<half>();
    cubetest::StageA(buffers.a1.Get<half>(), a2, aGlobal, m, k);
    DataCopy(b1, bGlobal, Nd2NzParams(1, uint16_t(k), uint16_t(n), 0, uint16_t(n), uint16_t(k16), 1, 0));
    LoadData2DParams load(0, uint8_t(n16 / 16), uint16_t(k16 / 16), 0, 0, true, 0);
    for (uint32_t kb = 0; kb < k16 / 16; ++kb) LoadData(b2[kb * (n16 / 16) * 256], b1[kb * 256], load);
    Mmad(buffers.c1.Get<float>(), a2, b2, MmadParams(uint16_t(m), uint16_t(n), uint16_t(k), 0, false, true));
    Fixpipe(cGlobal, buffers.c1.Get<float>(),
            FixpipeParamsV220(uint16_t(n), uint16_t(m), uint16_t(Round16(m)), n, false));
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<double> expected = cubetest::Reference(a, bT, m, n, k, {});
  const std::vector<float> c = cGm.values();
  for (size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(double(c[i]), expected[i]) << i;
}

TEST(CubeLoad, Int8BInNzTransposedBySquaresGivesTheProduct) {
  // B [k, n] int8 row major, as Catlass's CopyL1ToL0B<int8_t> loads it: per 32 rows of K, one
  // LoadDataWithTranspose over N's 32-wide squares (srcStride: the column block's squares,
  // dstGap 1, dstFracGap 0), each square becoming two adjacent 16-wide Zn fractals.
  const uint32_t m = 32, n = 64, k = 96;
  std::vector<int8_t> a, b, bT(size_t(n) * k);
  for (float v : simtest::RandomFloats(size_t(m) * k, -100.0f, 100.0f, 7)) a.push_back(int8_t(v));
  for (float v : simtest::RandomFloats(size_t(k) * n, -100.0f, 100.0f, 8)) b.push_back(int8_t(v));
  for (uint32_t kk = 0; kk < k; ++kk)
    for (uint32_t j = 0; j < n; ++j) bT[size_t(j) * k + kk] = b[size_t(kk) * n + j];
  simtest::GmBuffer<int8_t> aGm(a), bGm(b);
  simtest::GmBuffer<int32_t> cGm(size_t(m) * n);
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    cubetest::CubeBuffers buffers(8192);
    auto aGlobal = cubetest::Global(aGm);
    auto bGlobal = cubetest::Global(bGm);
    auto cGlobal = cubetest::Global(cGm);
    LocalTensor<int8_t> a2 = buffers.a2.Get<int8_t>(), b1 = buffers.b1.Get<int8_t>(), b2 = buffers.b2.Get<int8_t>();
    cubetest::StageA(buffers.a1.Get<int8_t>(), a2, aGlobal, m, k);
    DataCopy(b1, bGlobal, Nd2NzParams(1, uint16_t(k), uint16_t(n), 0, uint16_t(n), uint16_t(k), 1, 0));
    LoadData2dTransposeParams load(0, uint8_t(n / 32), uint16_t(k / 32), 1, 0);
    for (uint32_t kb = 0; kb < k / 32; ++kb) LoadDataWithTranspose(b2[kb * (n / 16) * 512], b1[kb * 1024], load);
    Mmad(buffers.c1.Get<int32_t>(), a2, b2, MmadParams(uint16_t(m), uint16_t(n), uint16_t(k), 0, false, true));
    Fixpipe(cGlobal, buffers.c1.Get<int32_t>(),
            FixpipeParamsV220(uint16_t(n), uint16_t(m), uint16_t(Round16(m)), n, false));
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<double> expected = cubetest::Reference(a, bT, m, n, k, {});
  const std::vector<int32_t> c = cGm.values();
  for (size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(double(c[i]), expected[i]) << i;
}

}  // namespace
