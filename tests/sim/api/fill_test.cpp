#include <gtest/gtest.h>

#include <type_traits>

#include <cstring>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

using simtest::RunOnUb;
template <class T>
void CheckDuplicateCount(T value) {
  constexpr uint32_t kSize = 640 / sizeof(T) * 2;
  const int32_t count = int32_t(kSize) - 48 / int32_t(sizeof(T));  // not a whole repeat, leaves a tail
  std::vector<T> sentinel(kSize);
  std::memset(static_cast<void*>(sentinel.data()), 0x5a, kSize * sizeof(T));
  const auto run = RunOnUb<T, T>(
      sentinel, sentinel, [&](const LocalTensor<T>& dst, const LocalTensor<T>&) { Duplicate(dst, value, count); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (int32_t i = 0; i < int32_t(kSize); ++i) {
    const T& expected = i < count ? value : sentinel[i];
    ASSERT_EQ(std::memcmp(&run.dst[i], &expected, sizeof(T)), 0)
        << "element " << i << " of " << sizeof(T) << "-byte type";
  }
}

TEST(FillTest, DuplicateFillsCountElementsOfEveryType) {
  CheckDuplicateCount<half>(half(-2.5f));
  CheckDuplicateCount<bfloat16_t>(bfloat16_t(3.25f));
  CheckDuplicateCount<int16_t>(int16_t(-1234));
  CheckDuplicateCount<uint16_t>(uint16_t(54321));
  CheckDuplicateCount<int32_t>(int32_t(-7654321));
  CheckDuplicateCount<uint32_t>(uint32_t(4000000000u));
  CheckDuplicateCount<float>(1.0e-3f);
}

// DuplicateImpl, the count form on a raw UB pointer: it fills from the pointer on, within the buffer
// the pointer points into.
TEST(FillTest, DuplicateImplFillsFromARawPointer) {
  const std::vector<int16_t> sentinel(64, int16_t(7));
  const auto run = RunOnUb<int16_t, int16_t>(sentinel, sentinel, [&](const auto& dst, const auto&) {
    DuplicateImpl<int16_t>((__ubuf__ int16_t*)dst[16].GetPhyAddr(), 0, 32);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(run.dst[i], (i >= 16 && i < 48) ? 0 : 7) << "element " << i;
}

TEST(FillTest, DuplicateImplPastItsBufferIsOutOfBounds) {
  const std::vector<float> sentinel(16, 0.0f);
  const auto run = RunOnUb<float, float>(sentinel, sentinel, [&](const auto& dst, const auto&) {
    DuplicateImpl<float>((__ubuf__ float*)dst[8].GetPhyAddr(), 1.0f, 16);
  });
  EXPECT_TRUE(run.outcome.HasKind("ub-out-of-bounds")) << run.outcome.Describe();
}

TEST(FillTest, DuplicateLevel0HonoursMaskAndDstStrides) {
  const uint64_t mask[2] = {0x8000000000000001ull, 0xffull};
  const std::vector<half> sentinel(2 * 256, half(0.0f));
  const auto run = RunOnUb<half, half>(sentinel, sentinel, [&](const auto& dst, const auto&) {
    Duplicate(dst, half(9.0f), mask, 2, 2, 16);  // every other block, 16 blocks per repeat
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  std::vector<float> expected(2 * 256, 0.0f);
  for (uint32_t repeat = 0; repeat < 2; ++repeat) {
    for (uint32_t lane = 0; lane < 128; ++lane) {
      if ((mask[lane / 64] >> (lane % 64)) & 1) expected[repeat * 256 + lane / 16 * 32 + lane % 16] = 9.0f;
    }
  }
  EXPECT_EQ(simtest::ToFloat(run.dst), expected);

  const std::vector<float> floats(3 * 64, -1.0f);
  const auto lengthRun = RunOnUb<float, float>(
      floats, floats, [](const auto& dst, const auto&) { Duplicate(dst, 4.0f, uint64_t(20), 3, 1, 8); });
  ASSERT_EQ(lengthRun.outcome.status, 0) << lengthRun.outcome.Describe();
  for (uint32_t i = 0; i < floats.size(); ++i) ASSERT_EQ(lengthRun.dst[i], i % 64 < 20 ? 4.0f : -1.0f) << i;
}

template <class T>
void CheckCreateVecIndex(T first, uint32_t count) {
  const std::vector<T> sentinel(512 / sizeof(T) * 4, T(-1));
  const auto run = RunOnUb<T, T>(
      sentinel, sentinel, [&](const LocalTensor<T>& dst, const LocalTensor<T>&) { CreateVecIndex(dst, first, count); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < sentinel.size(); ++i) {
    const T expected = i < count ? T(double(first) + i) : T(-1);
    ASSERT_EQ(std::memcmp(&run.dst[i], &expected, sizeof(T)), 0)
        << "element " << i << " of " << sizeof(T) << "-byte type";
  }
}

TEST(FillTest, CreateVecIndexCountsUpFromFirstValue) {
  CheckCreateVecIndex<int32_t>(5, 300);
  CheckCreateVecIndex<int16_t>(-100, 500);
  CheckCreateVecIndex<float>(-3.5f, 200);
  CheckCreateVecIndex<half>(half(-3.0f), 1000);
}

TEST(FillTest, BrcbBroadcastsEachElementToItsOwnBlock) {
  constexpr uint32_t kRepeats = 3;
  std::vector<float> inputs(kRepeats * 8);
  for (uint32_t i = 0; i < inputs.size(); ++i) inputs[i] = float(i) * 1.5f - 4.0f;
  const BrcbRepeatParams params(2, 20);  // blocks 0, 2, ..., 14 of each 20-block repeat
  const std::vector<float> sentinel(kRepeats * 20 * 8, 0.25f);
  const auto run = RunOnUb<float, float>(inputs, sentinel,
                                         [&](const auto& dst, const auto& src) { Brcb(dst, src, kRepeats, params); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  std::vector<float> expected = sentinel;
  for (uint32_t repeat = 0; repeat < kRepeats; ++repeat) {
    for (uint32_t j = 0; j < 8; ++j) {
      for (uint32_t k = 0; k < 8; ++k) expected[(repeat * 20 + j * 2) * 8 + k] = inputs[repeat * 8 + j];
    }
  }
  EXPECT_EQ(run.dst, expected);
}

TEST(FillTest, BrcbWithDefaultParamsFillsContiguousHalfBlocks) {
  std::vector<half> inputs;
  for (uint32_t i = 0; i < 16; ++i) inputs.push_back(half(float(i)));
  const auto run = RunOnUb<half, half>(inputs, std::vector<half>(16 * 16), [&](const auto& dst, const auto& src) {
    Brcb(dst, src, 2, BrcbRepeatParams());
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 256; ++i) ASSERT_EQ(float(run.dst[i]), float(i / 16)) << i;
}

TEST(FillTest, BrcbIntoItsOwnSourceIsBadParameter) {
  const std::vector<float> values(64, 1.0f);
  const auto run = RunOnUb<float, float>(values, values, [](const auto&, const auto& src) {
    Brcb(src, src, 1, {1, 1});
  });
  EXPECT_NE(run.outcome.status, 0);
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

// dst += scalar * src (Axpy): in one type the product is rounded to that type before the add (as
// Muls then Add); the mixed half->float form adds the exact product.
template <class D, class S>
void CheckAxpy(uint32_t seed) {
  constexpr uint32_t kSize = 384;
  constexpr int32_t kCount = 330;
  const auto src = simtest::Convert<S>(simtest::RandomFloats(kSize, -3.0f, 3.0f, seed));
  const auto initial = simtest::Convert<D>(simtest::RandomFloats(kSize, -3.0f, 3.0f, seed + 1));
  const S scalar = S(0.75f);
  const auto run = RunOnUb<D, S>(src, initial, [&](const LocalTensor<D>& dst, const LocalTensor<S>& source) {
    Axpy(dst, source, scalar, kCount);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (int32_t i = 0; i < int32_t(kSize); ++i) {
    float product = float(src[i]) * float(scalar);
    if constexpr (std::is_same_v<D, S>) product = float(S(product));
    const float expected = i < kCount ? float(D(float(initial[i]) + product)) : float(initial[i]);
    ASSERT_EQ(float(run.dst[i]), expected) << "element " << i;
  }
}

// In half, rounding the product first changes the result where a fused multiply-add would round
// once: 1.0009765625 * 3 = 3.0029296875 rounds to 3.00390625, plus 0.001953125 gives 3.005859375;
// the exact sum 3.0048828125 would round (ties to even) to 3.00390625.
TEST(FillTest, HalfAxpyRoundsTheProductBeforeTheAdd) {
  const std::vector<half> src(128, half(1.0009765625f));
  const std::vector<half> initial(128, half(0.001953125f));
  const auto run = RunOnUb<half, half>(src, initial, [&](const LocalTensor<half>& dst, const LocalTensor<half>& source) {
    Axpy(dst, source, half(3.0f), 128);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  const float roundedProduct = float(half(1.0009765625f * 3.0f));
  const float twoRoundings = float(half(roundedProduct + 0.001953125f));
  const float oneRounding = float(half(1.0009765625f * 3.0f + 0.001953125f));
  ASSERT_NE(twoRoundings, oneRounding) << "the example must tell the two apart";
  EXPECT_EQ(float(run.dst[0]), twoRoundings);
}

TEST(FillTest, AxpyAccumulatesForEverySupportedPair) {
  CheckAxpy<half, half>(20);
  CheckAxpy<float, float>(22);
  CheckAxpy<float, half>(24);
}

template <class D, class S>
void CheckMulAddDst(uint32_t seed) {
  constexpr uint32_t kSize = 256;
  constexpr int32_t kCount = 200;
  const auto sources = simtest::Convert<S>(simtest::RandomFloats(2 * kSize, -3.0f, 3.0f, seed));
  const auto initial = simtest::Convert<D>(simtest::RandomFloats(kSize, -3.0f, 3.0f, seed + 1));
  const auto run = RunOnUb<D, S>(sources, initial, [&](const LocalTensor<D>& dst, const LocalTensor<S>& src) {
    MulAddDst(dst, src, src[kSize], kCount);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (int32_t i = 0; i < int32_t(kSize); ++i) {
    const float product = float(sources[i]) * float(sources[kSize + i]);
    const float expected = i < kCount ? float(D(float(initial[i]) + product)) : float(initial[i]);
    ASSERT_EQ(float(run.dst[i]), expected) << "element " << i;
  }
}

TEST(FillTest, MulAddDstAccumulatesProducts) {
  CheckMulAddDst<half, half>(30);
  CheckMulAddDst<float, float>(32);
  CheckMulAddDst<float, half>(34);
}

// vector_dup, the CCE spelling of Duplicate on a raw UB pointer, fills the lanes the mask register
// selects, repeat after repeat at dstRepeatStride blocks (AddLayerNorm's zero block).
TEST(FillTest, VectorDupFillsTheMaskRegistersLanesOfEachRepeat) {
  const std::vector<int16_t> sentinel(2 * 128, -1);
  const auto run = RunOnUb<int16_t, int16_t>(sentinel, sentinel, [](const auto& dst, const auto&) {
    set_vector_mask(0, 0xffff);
    vector_dup((__ubuf__ int16_t*)dst.GetPhyAddr(), int16_t(7), 2, 1, 0, uint8_t(8), uint8_t(0));
    ResetMask();
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < run.dst.size(); ++i) ASSERT_EQ(run.dst[i], i % 128 < 16 ? 7 : -1) << "element " << i;
}

}  // namespace

namespace {

TEST(FillTest, CreateVecIndexLevel0NumbersLanesByRepeatPosition) {
  const std::vector<float> sentinel(256, -1.0f);
  const auto run = RunOnUb<float, float>(sentinel, sentinel, [](const LocalTensor<float>& dst, const LocalTensor<float>&) {
    CreateVecIndex(dst, 10.0f, 5, 2, 1, 16);  // 5 lanes of 2 repeats; the second repeat starts 128 floats on
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 256; ++i) {
    const uint32_t repeat = i / 128, lane = i % 128;
    const float expected = lane < 5 ? 10.0f + float(repeat * 64 + lane) : -1.0f;
    ASSERT_EQ(run.dst[i], expected) << "element " << i;
  }
}

TEST(FillTest, AxpyLevel0AccumulatesOnlyMaskedLanes) {
  std::vector<half> values(128);
  for (uint32_t i = 0; i < values.size(); ++i) values[i] = half(float(i % 7));
  const std::vector<float> initial(128, 1.0f);
  const auto run = simtest::RunOnUb<float, half>(values, initial, [](const LocalTensor<float>& dst, const LocalTensor<half>& src) {
    const uint64_t mask[2] = {0x5555555555555555ull, 0};  // even lanes of the 64 a float repeat holds
    Axpy(dst, src, half(2.0f), mask, 2, {1, 1, 8, 4});
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 128; ++i) {
    const float expected = i % 2 == 0 ? 1.0f + 2.0f * float(i % 7) : 1.0f;
    ASSERT_EQ(run.dst[i], expected) << "element " << i;
  }
}

}  // namespace
