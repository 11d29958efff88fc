// The NZ layout on the cube path: DataCopy with Nd2NzParams places an ND matrix in L1 as the
// documentation's loop nest says, pads short rows with zeros and leaves the rest poisoned; and an
// ND matrix taken through Nd2Nz, LoadData, Mmad with an identity and Fixpipe comes back unchanged.
#include <gtest/gtest.h>

#include <cmath>

#include "cube_test_support.h"

using namespace AscendC;
using cubetest::NzAt;
using cubetest::Round16;

namespace {

// Reads `count` halfs' raw bits from the start of an L1 tensor.
std::vector<uint16_t> ReadBits(const LocalTensor<half>& tensor, uint32_t count) {
  std::vector<uint16_t> bits;
  LocalTensor<uint16_t> raw = tensor.ReinterpretCast<uint16_t>();
  for (uint32_t i = 0; i < count; ++i) bits.push_back(raw.GetValue(i));
  return bits;
}

uint16_t Bits(half value) { return __builtin_bit_cast(uint16_t, value); }

TEST(CubeLayout, Nd2NzPlacesRowsInC0BlocksAndZeroPadsTheLastBlock) {
  const uint32_t rows = 20, cols = 23, rows16 = Round16(rows), c0 = 16;
  std::vector<half> input;
  for (uint32_t i = 0; i < rows * cols; ++i) input.push_back(half(float(i % 1000) + 0.5f));
  simtest::GmBuffer<half> gm(input);
  std::vector<uint16_t> l1;
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> buf;
    pipe.InitBuffer(buf, 2 * rows16 * 16 * sizeof(half));
    auto global = cubetest::Global(gm);
    LocalTensor<half> a1 = buf.Get<half>();
    DataCopy(a1, global, Nd2NzParams(1, uint16_t(rows), uint16_t(cols), 0, uint16_t(cols), uint16_t(rows16), 1, 0));
    PipeBarrier<PIPE_ALL>();
    l1 = ReadBits(a1, 2 * rows16 * c0);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  // Rows 20..31 of each column block were never written: they read as the poison pattern.
  EXPECT_TRUE(outcome.HasKind("uninitialized-read")) << outcome.Describe();
  for (uint32_t i = 0; i < rows16; ++i) {
    for (uint32_t j = 0; j < 2 * c0; ++j) {
      const uint16_t got = l1[NzAt(i, j, c0, rows16)];
      if (i >= rows) {
        EXPECT_EQ(got, 0xffff) << i << "," << j;
      } else if (j >= cols) {
        EXPECT_EQ(got, 0) << "padding " << i << "," << j;
      } else {
        EXPECT_EQ(got, Bits(input[i * cols + j])) << i << "," << j;
      }
    }
  }
}

TEST(CubeLayout, Nd2NzWithSeveralMatricesAndStridesFollowsTheDocumentedLoopNest) {
  // Two 8 x 23 matrices 12 rows apart in a source of 32-wide rows; in L1 the rows are 2 C0 blocks
  // apart, column blocks 37 C0 blocks apart and the matrices 320 elements apart (the
  // documentation's non-contiguous example).
  const Nd2NzParams p(2, 8, 23, 384, 32, 37, 2, 320);
  std::vector<half> input;
  for (uint32_t i = 0; i < 2 * 384; ++i) input.push_back(half(float(i % 2000)));
  simtest::GmBuffer<half> gm(input);
  const uint32_t l1Elements = 2 * 37 * 16 + 320 + 64;
  std::vector<uint16_t> l1;
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    TPipe pipe;
    TBuf<TPosition::B1> buf;
    pipe.InitBuffer(buf, l1Elements * sizeof(half));
    auto global = cubetest::Global(gm);
    LocalTensor<half> b1 = buf.Get<half>();
    DataCopy(b1, global, p);
    PipeBarrier<PIPE_ALL>();
    l1 = ReadBits(b1, l1Elements);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t nd = 0; nd < p.ndNum; ++nd) {
    for (uint32_t row = 0; row < p.nValue; ++row) {
      for (uint32_t col = 0; col < 32; ++col) {
        const size_t at =
            nd * p.dstNzMatrixStride + row * p.dstNzNStride * 16 + (col / 16) * p.dstNzC0Stride * 16 + col % 16;
        const uint16_t expected = col < p.dValue ? Bits(input[nd * p.srcNdMatrixStride + row * p.srcDValue + col]) : 0;
        EXPECT_EQ(l1[at], expected) << nd << "," << row << "," << col;
      }
    }
  }
}

TEST(CubeLayout, NdMatrixRoundTripsThroughL1L0aMmadAndFixpipe) {
  // C = A x I: A's values are exact in float, so C is A itself when every layout agrees.
  const uint32_t m = 40, k = 48;
  std::vector<half> a, identityT(size_t(k) * k, half(0.0f));
  for (uint32_t i = 0; i < m * k; ++i) a.push_back(half(float(int(i * 7 % 101) - 50) / 8.0f));
  for (uint32_t i = 0; i < k; ++i) identityT[size_t(i) * k + i] = half(1.0f);
  simtest::GmBuffer<half> aGm(a), bGm(identityT);
  simtest::GmBuffer<float> cGm(size_t(m) * k);
  const simtest::LaunchOutcome outcome = simtest::LaunchOnCube(1, [&] {
    cubetest::CubeBuffers buffers(16384);
    auto aGlobal = cubetest::Global(aGm);
    auto bGlobal = cubetest::Global(bGm);
    auto cGlobal = cubetest::Global(cGm);
    LocalTensor<half> a2 = buffers.a2.Get<half>(), b2 = buffers.b2.Get<half>();
    cubetest::StageA(buffers.a1.Get<half>(), a2, aGlobal, m, k);
    cubetest::StageBTransposed(buffers.b1.Get<half>(), b2, bGlobal, k, k);
    Mmad(buffers.c1.Get<float>(), a2, b2, MmadParams(uint16_t(m), uint16_t(k), uint16_t(k), 0, false, true));
    Fixpipe(cGlobal, buffers.c1.Get<float>(),
            FixpipeParamsV220(uint16_t(k), uint16_t(m), uint16_t(Round16(m)), k, false));
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> c = cGm.values();
  for (uint32_t i = 0; i < m * k; ++i) ASSERT_EQ(c[i], float(a[i])) << i;
}

}  // namespace
