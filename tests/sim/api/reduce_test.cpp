// Reductions: ReduceSum/Max/Min (count and level-0 forms, work-buffer sizing, indexes),
// WholeReduce*, BlockReduce*, PairReduceSum and RepeatReduceSum, against references computed here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <type_traits>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

template <class T>
using IndexBits = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

template <class T>
IndexBits<T> BitsOf(T value) {
  IndexBits<T> bits;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}

template <class T>
T FromBits(IndexBits<T> bits) {
  T value;
  std::memcpy(&value, &bits, sizeof(T));
  return value;
}

template <class T>
constexpr uint32_t kLanes = 256 / sizeof(T);
template <class T>
constexpr uint32_t kPerBlock = 32 / sizeof(T);

template <class T>
uint32_t PaddedToBlock(uint32_t count) {
  return (count + kPerBlock<T> - 1) / kPerBlock<T> * kPerBlock<T>;
}

// One addition rounded to T; fp16 overflow saturates to ±65504 as CANN documents for reductions.
template <class T>
float RefAdd(float a, float b) {
  float sum = float(T(a + b));
  if (std::is_same_v<T, half> && std::isinf(sum) && std::isfinite(a) && std::isfinite(b)) {
    sum = sum > 0 ? 65504.0f : -65504.0f;
  }
  return sum;
}

// Adjacent-pair adder tree over a power-of-two number of values.
template <class T>
float RefTree(std::vector<float> values) {
  while (values.size() > 1) {
    std::vector<float> next;
    for (size_t i = 0; i < values.size(); i += 2) next.push_back(RefAdd<T>(values[i], values[i + 1]));
    values = next;
  }
  return values[0];
}

using LaneActive = std::function<bool(uint32_t lane)>;
LaneActive FirstLanes(uint32_t count) {
  return [count](uint32_t lane) { return lane < count; };
}
LaneActive MaskBits(uint64_t low, uint64_t high) {
  return [low, high](uint32_t lane) { return ((lane < 64 ? low >> lane : high >> (lane - 64)) & 1u) != 0; };
}

// The lanes of repeat r: value of lane l is at r*srcRepStride blocks + (l/perBlock)*srcBlkStride blocks.
template <class T>
std::vector<float> RepeatLanes(const std::vector<T>& src, uint32_t repeat, const LaneActive& active,
                               uint32_t srcBlkStride, uint32_t srcRepStride) {
  std::vector<float> lanes(kLanes<T>, 0.0f);
  for (uint32_t lane = 0; lane < kLanes<T>; ++lane) {
    if (!active(lane)) continue;
    const size_t at = size_t(repeat) * srcRepStride * kPerBlock<T> + size_t(lane / kPerBlock<T>) * srcBlkStride * kPerBlock<T> +
                      lane % kPerBlock<T>;
    lanes[lane] = float(src[at]);
  }
  return lanes;
}

// Runs `body(dst, src, tmp)` on one block with src loaded from `input`, dst pre-filled with
// `dstInit` (so untouched elements are visible), and a tmp buffer of `tmpElements`; returns dst.
template <class T, class Body>
std::vector<T> RunOnUb(const std::vector<T>& input, const std::vector<T>& dstInit, uint32_t tmpElements, Body body,
                       simtest::LaunchOutcome& outcome) {
  std::vector<T> paddedInput = input;
  paddedInput.resize(PaddedToBlock<T>(uint32_t(input.size())), T(0.0f));
  std::vector<T> paddedDst = dstInit;
  paddedDst.resize(PaddedToBlock<T>(uint32_t(dstInit.size())), T(0.0f));
  const uint32_t inCount = uint32_t(paddedInput.size());
  const uint32_t dstCount = uint32_t(paddedDst.size());
  simtest::GmBuffer<T> in(paddedInput), out(paddedDst);
  outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, inCount * sizeof(T));
    pipe.InitBuffer(dstBuf, dstCount * sizeof(T));
    pipe.InitBuffer(tmpBuf, PaddedToBlock<T>(tmpElements) * sizeof(T));
    GlobalTensor<T> inGm, outGm;
    inGm.SetGlobalBuffer((__gm__ T*)in.addr(), inCount);
    outGm.SetGlobalBuffer((__gm__ T*)out.addr(), dstCount);
    LocalTensor<T> src = srcBuf.Get<T>();
    LocalTensor<T> dst = dstBuf.Get<T>();
    LocalTensor<T> tmp = tmpBuf.Get<T>(tmpElements);
    DataCopy(src, inGm, inCount);
    DataCopy(dst, outGm, dstCount);
    body(dst, src, tmp);
    DataCopy(outGm, dst, dstCount);
  });
  return out.values();
}

template <class T>
std::vector<T> Inputs(size_t count, float low, float high, uint32_t seed) {
  return simtest::Convert<T>(simtest::RandomFloats(count, low, high, seed));
}

template <class T>
std::vector<T> Sentinels(size_t count) {
  return std::vector<T>(count, T(-777.0f));
}

// The sum of the first `count` elements as A2's count form (vcadd accumulate mode) adds them: a
// tree inside each repeat, then the repeat sums in order.
template <class T>
float RefCountSum(const std::vector<T>& input, uint32_t count) {
  const uint32_t repeats = (count + kLanes<T> - 1) / kLanes<T>;
  float total = 0.0f;
  for (uint32_t r = 0; r < repeats; ++r) {
    std::vector<float> lanes(kLanes<T>, 0.0f);
    for (uint32_t lane = 0; lane < kLanes<T> && r * kLanes<T> + lane < count; ++lane) {
      lanes[lane] = float(input[r * kLanes<T> + lane]);
    }
    const float partial = RefTree<T>(lanes);
    total = r == 0 ? partial : RefAdd<T>(total, partial);
  }
  return total;
}

template <class T>
class ReduceTest : public ::testing::Test {};
using ReduceTypes = ::testing::Types<half, float>;
TYPED_TEST_SUITE(ReduceTest, ReduceTypes);

// ReduceSum, count form: tree inside each repeat, per-repeat sums added in order (A2 mode 2).
TYPED_TEST(ReduceTest, ReduceSumCountFormMatchesTreeThenSequentialOrder) {
  using T = TypeParam;
  for (uint32_t count : {1u, 100u, 1000u, 4097u}) {
    const auto input = Inputs<T>(count, -4.0f, 4.0f, count);
    const uint32_t floorRepeats = count / kLanes<T> > 1 ? count / kLanes<T> : 1;
    simtest::LaunchOutcome outcome;
    const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T>), PaddedToBlock<T>(floorRepeats),
                                [&](auto& d, auto& s, auto& t) { ReduceSum<T>(d, s, t, int32_t(count)); }, outcome);
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
    EXPECT_TRUE(outcome.diagnostics.empty()) << outcome.Describe();
    const float expected = RefCountSum(input, count);
    double exact = 0.0;
    for (uint32_t i = 0; i < count; ++i) exact += float(input[i]);
    EXPECT_EQ(BitsOf(dst[0]), BitsOf(T(expected))) << "count " << count << ": got " << float(dst[0]) << ", want " << expected;
    EXPECT_NEAR(float(dst[0]), exact, (std::is_same_v<T, half> ? 0.5 : 1e-3)) << "count " << count;
    EXPECT_EQ(BitsOf(dst[1]), BitsOf(T(-777.0f))) << "only dst[0] is written";
  }
}

TEST(ReduceTest, HalfReduceSumSaturatesAt65504AsDocumented) {
  const std::vector<half> input = {half(60000.0f), half(60000.0f), half(-30000.0f), half(100.0f)};
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<half>(input, Sentinels<half>(16), 16,
                                 [&](auto& d, auto& s, auto& t) { ReduceSum<half>(d, s, t, 4); }, outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  // CANN's example quotes 35604 in exact arithmetic; rounded to fp16 at each step it is 35584.
  const float expected = RefAdd<half>(RefAdd<half>(60000.0f, 60000.0f), RefAdd<half>(-30000.0f, 100.0f));
  EXPECT_EQ(RefAdd<half>(60000.0f, 60000.0f), 65504.0f);
  EXPECT_EQ(dst[0].bits, half(expected).bits) << float(dst[0]);
  EXPECT_NEAR(float(dst[0]), 35604.0f, 32.0f);
}

// ReduceSum, level-0 form with repeatTime above 255: per-repeat trees, then trees of those (mode 1).
TYPED_TEST(ReduceTest, ReduceSumLevel0FormTreesAcrossRepeatsAndAllowsLongRepeats) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 300;
  constexpr uint32_t kSrcRepStride = 8;
  const uint32_t mask = kLanes<T> * 3 / 4 + 3;
  const auto input = Inputs<T>(kRepeats * kLanes<T>, -2.0f, 2.0f, 7);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T>), PaddedToBlock<T>(kRepeats),
                              [&](auto& d, auto& s, auto& t) {
                                ReduceSum<T>(d, s, t, int32_t(mask), int32_t(kRepeats), int32_t(kSrcRepStride));
                              },
                              outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  std::vector<float> level;
  for (uint32_t r = 0; r < kRepeats; ++r) level.push_back(RefTree<T>(RepeatLanes(input, r, FirstLanes(mask), 1, kSrcRepStride)));
  while (level.size() > 1) {
    std::vector<float> next;
    for (size_t first = 0; first < level.size(); first += kLanes<T>) {
      std::vector<float> chunk(kLanes<T>, 0.0f);
      for (size_t i = first; i < level.size() && i < first + kLanes<T>; ++i) chunk[i - first] = level[i];
      next.push_back(RefTree<T>(chunk));
    }
    level = next;
  }
  EXPECT_EQ(BitsOf(dst[0]), BitsOf(T(level[0]))) << "got " << float(dst[0]) << ", want " << level[0];
}

// ReduceMax/ReduceMin with calIndex: the global index of the first extreme, as integer bits in a T slot.
TYPED_TEST(ReduceTest, ReduceMaxMinCountFormWriteValueAndFirstIndex) {
  using T = TypeParam;
  for (uint32_t count : {1000u, 4097u}) {
    auto input = Inputs<T>(count, -100.0f, 100.0f, count + 1);
    const uint32_t tiedFirst = count * 2 / 3;
    input[tiedFirst] = input[count - 1] = T(500.0f);  // a tie: the smaller index wins
    input[count / 5] = T(-300.0f);
    for (bool isMax : {true, false}) {
      T value{}, index{};
      simtest::LaunchOutcome outcome;
      const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T>), 4096,
                                  [&](auto& d, auto& s, auto& t) {
                                    if (isMax) {
                                      ReduceMax<T>(d, s, t, int32_t(count), true);
                                    } else {
                                      ReduceMin<T>(d, s, t, int32_t(count), true);
                                    }
                                    GetReduceMaxMinCount<T>(value, index);
                                  },
                                  outcome);
      ASSERT_EQ(outcome.status, 0) << outcome.Describe();
      const float expectedValue = isMax ? 500.0f : -300.0f;
      const uint32_t expectedIndex = isMax ? tiedFirst : count / 5;
      EXPECT_EQ(float(dst[0]), expectedValue) << "count " << count << (isMax ? " max" : " min");
      EXPECT_EQ(BitsOf(dst[1]), expectedIndex) << "count " << count << (isMax ? " max" : " min");
      EXPECT_EQ(float(value), expectedValue);
      EXPECT_EQ(BitsOf(index), expectedIndex);
    }
  }
}

// A2 documents WholeReduceMax/Min as the way to get an exact index from GetReduceMaxMinCount; in
// counter mode one instruction covers every repeat, and the register holds the element index.
TYPED_TEST(ReduceTest, WholeReduceMaxMinSetTheRegisterGetReduceMaxMinCountReads) {
  using T = TypeParam;
  const uint32_t count = 1000;
  auto input = Inputs<T>(count, -100.0f, 100.0f, 11);
  input[700] = input[900] = T(400.0f);  // a tie: the smaller index wins
  input[130] = T(-200.0f);
  for (bool isMax : {true, false}) {
    T value{}, index{};
    simtest::LaunchOutcome outcome;
    RunOnUb<T>(input, Sentinels<T>(count), 4096,
               [&](auto& d, auto& s, auto&) {
                 SetMaskCount();
                 SetVectorMask<T, MaskMode::COUNTER>(0, count);
                 if (isMax) {
                   WholeReduceMax<T, false>(d, s, MASK_PLACEHOLDER, 1, 1, 1, 8);
                 } else {
                   WholeReduceMin<T, false>(d, s, MASK_PLACEHOLDER, 1, 1, 1, 8);
                 }
                 SetMaskNorm();
                 ResetMask();
                 GetReduceMaxMinCount<T>(value, index);
               },
               outcome);
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
    EXPECT_EQ(float(value), isMax ? 400.0f : -200.0f);
    EXPECT_EQ(BitsOf(index), isMax ? 700u : 130u);
  }
}

TYPED_TEST(ReduceTest, ReduceMaxWithoutIndexWritesOnlyTheValueAndFindsTheTail) {
  using T = TypeParam;
  const uint32_t count = 4097;
  auto input = Inputs<T>(count, -100.0f, 100.0f, 3);
  input[count - 1] = T(-250.0f);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T>), 4096,
                              [&](auto& d, auto& s, auto& t) { ReduceMin<T>(d, s, t, int32_t(count)); }, outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(float(dst[0]), -250.0f);
  EXPECT_EQ(BitsOf(dst[1]), BitsOf(T(-777.0f)));
}

// Level-0 ReduceMax with a bit mask and a repeat stride: the index is repeat * lanesPerRepeat + lane.
TYPED_TEST(ReduceTest, ReduceMaxLevel0FormUsesMaskBitsAndRepeatStride) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 5;
  constexpr uint32_t kSrcRepStride = 16;
  const uint64_t mask[2] = {0xF0F0F0F0F0F0F0F0ull, sizeof(T) == 2 ? 0x00000000FFFF0000ull : 0ull};
  auto input = Inputs<T>(kRepeats * kSrcRepStride * kPerBlock<T>, -10.0f, 10.0f, 11);
  // The largest value overall sits in a masked-off lane; the largest active one in repeat 3, lane 13.
  input[0] = T(90.0f);
  input[3 * kSrcRepStride * kPerBlock<T> + 13] = T(50.0f);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T>), 64,
                              [&](auto& d, auto& s, auto& t) {
                                ReduceMax<T>(d, s, t, mask, int32_t(kRepeats), int32_t(kSrcRepStride), true);
                              },
                              outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(float(dst[0]), 50.0f);
  EXPECT_EQ(BitsOf(dst[1]), 3 * kLanes<T> + 13);
}

// Work-buffer sizes: ReduceSum needs RoundUp(max(1, count/perRepeat), perBlock) elements;
// ReduceMax without index RoundUp(2*repeats, perBlock); with index every round's pairs.
TEST(ReduceTest, UndersizedWorkBufferIsABadParameterNamingTheSize) {
  const uint32_t count = 128 * 17;  // 17 full fp16 repeats: 32 elements of work buffer
  const auto input = Inputs<half>(count, -1.0f, 1.0f, 5);
  auto sum = [&](uint32_t tmpElements) {
    simtest::LaunchOutcome outcome;
    RunOnUb<half>(input, Sentinels<half>(16), tmpElements,
                  [&](auto& d, auto& s, auto& t) { ReduceSum<half>(d, s, t, int32_t(count)); }, outcome);
    return outcome;
  };
  const auto small = sum(16);
  EXPECT_TRUE(small.HasKind("bad-parameter")) << small.Describe();
  EXPECT_NE(small.Describe().find("at least 32"), std::string::npos) << small.Describe();
  EXPECT_EQ(sum(32).status, 0) << sum(32).Describe();

  // 1000 fp16 elements = 8 repeats: 16 elements without index, 16 + 16 with it.
  auto max = [&](uint32_t tmpElements, bool calIndex) {
    simtest::LaunchOutcome outcome;
    RunOnUb<half>(std::vector<half>(input.begin(), input.begin() + 1000), Sentinels<half>(16), tmpElements,
                  [&](auto& d, auto& s, auto& t) { ReduceMax<half>(d, s, t, 1000, calIndex); }, outcome);
    return outcome;
  };
  EXPECT_EQ(max(16, false).status, 0);
  const auto withIndex = max(16, true);
  EXPECT_TRUE(withIndex.HasKind("bad-parameter")) << withIndex.Describe();
  EXPECT_NE(withIndex.Describe().find("at least 32"), std::string::npos) << withIndex.Describe();
  EXPECT_EQ(max(32, true).status, 0);
}

TEST(ReduceTest, WorkBufferMayBeTheDestination) {
  const auto input = Inputs<float>(1000, -1.0f, 1.0f, 9);
  simtest::LaunchOutcome outcome;
  // 16 repeats: 32 elements of first-round pairs, 8 for the second round.
  const auto dst = RunOnUb<float>(input, Sentinels<float>(40), 8,
                                  [&](auto& d, auto& s, auto&) { ReduceMax<float>(d, s, d, 1000, true); }, outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  size_t best = 0;
  for (size_t i = 1; i < input.size(); ++i) best = input[i] > input[best] ? i : best;
  EXPECT_EQ(dst[0], input[best]);
  EXPECT_EQ(BitsOf(dst[1]), best);
}

TEST(ReduceTest, HalfIndexOverflowIsABadParameter) {
  const auto input = Inputs<half>(70000, -1.0f, 1.0f, 13);
  simtest::LaunchOutcome outcome;
  RunOnUb<half>(input, Sentinels<half>(16), 4096,
                [&](auto& d, auto& s, auto& t) { ReduceMax<half>(d, s, t, 70000, true); }, outcome);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

// WholeReduceSum with a bit mask, a block stride and dstRepStride in elements.
TYPED_TEST(ReduceTest, WholeReduceSumWritesOneTreeSumPerRepeat) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 3, kDstRepStride = 2, kSrcBlkStride = 2, kSrcRepStride = 16;
  const uint64_t mask[2] = {0x00FF00FF00FF00FFull, sizeof(T) == 2 ? 0xFFFF0000FFFF0000ull : 0ull};
  const auto input = Inputs<T>(kRepeats * kSrcRepStride * kPerBlock<T>, -3.0f, 3.0f, 17);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T>), kPerBlock<T>,
                              [&](auto& d, auto& s, auto&) {
                                WholeReduceSum<T>(d, s, mask, kRepeats, kDstRepStride, kSrcBlkStride, kSrcRepStride);
                              },
                              outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t r = 0; r < kRepeats; ++r) {
    const float expected = RefTree<T>(RepeatLanes(input, r, MaskBits(mask[0], mask[1]), kSrcBlkStride, kSrcRepStride));
    EXPECT_EQ(BitsOf(dst[r * kDstRepStride]), BitsOf(T(expected))) << "repeat " << r;
    EXPECT_EQ(BitsOf(dst[r * kDstRepStride + 1]), BitsOf(T(-777.0f))) << "gap after repeat " << r;
  }
}

// WholeReduceMax/Min in every ReduceOrder; dstRepStride counts whole [value, index] outputs.
TYPED_TEST(ReduceTest, WholeReduceMaxMinLayOutEachOrder) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 4, kDstRepStride = 2;
  const uint32_t mask = kLanes<T> - 7;
  auto input = Inputs<T>(kRepeats * kLanes<T>, -10.0f, 10.0f, 19);
  input[kLanes<T> + 5] = input[kLanes<T> + 9] = T(20.0f);  // tie in repeat 1
  input[2 * kLanes<T> + kLanes<T> - 1] = T(40.0f);          // masked off in repeat 2
  const ReduceOrder orders[] = {ReduceOrder::ORDER_VALUE_INDEX, ReduceOrder::ORDER_INDEX_VALUE,
                                ReduceOrder::ORDER_ONLY_VALUE, ReduceOrder::ORDER_ONLY_INDEX};
  for (bool isMax : {true, false}) {
    for (ReduceOrder order : orders) {
      simtest::LaunchOutcome outcome;
      const auto dst = RunOnUb<T>(input, Sentinels<T>(64), kPerBlock<T>,
                                  [&](auto& d, auto& s, auto&) {
                                    if (isMax) {
                                      WholeReduceMax<T>(d, s, int32_t(mask), kRepeats, kDstRepStride, 1, 8, order);
                                    } else {
                                      WholeReduceMin<T>(d, s, int32_t(mask), kRepeats, kDstRepStride, 1, 8, order);
                                    }
                                  },
                                  outcome);
      ASSERT_EQ(outcome.status, 0) << outcome.Describe();
      const auto bytes = reinterpret_cast<const uint8_t*>(dst.data());
      for (uint32_t r = 0; r < kRepeats; ++r) {
        const auto lanes = RepeatLanes(input, r, FirstLanes(mask), 1, 8);
        uint32_t best = 0;
        for (uint32_t lane = 1; lane < mask; ++lane) {
          if (isMax ? lanes[lane] > lanes[best] : lanes[lane] < lanes[best]) best = lane;
        }
        const T value = T(lanes[best]);
        uint32_t onlyIndex = 0;
        switch (order) {
          case ReduceOrder::ORDER_VALUE_INDEX:
            EXPECT_EQ(BitsOf(dst[4 * r]), BitsOf(value)) << "repeat " << r;
            EXPECT_EQ(BitsOf(dst[4 * r + 1]), best) << "repeat " << r;
            break;
          case ReduceOrder::ORDER_INDEX_VALUE:
            EXPECT_EQ(BitsOf(dst[4 * r]), best) << "repeat " << r;
            EXPECT_EQ(BitsOf(dst[4 * r + 1]), BitsOf(value)) << "repeat " << r;
            break;
          case ReduceOrder::ORDER_ONLY_VALUE:
            EXPECT_EQ(BitsOf(dst[2 * r]), BitsOf(value)) << "repeat " << r;
            EXPECT_EQ(BitsOf(dst[2 * r + 1]), BitsOf(T(-777.0f))) << "repeat " << r;
            break;
          case ReduceOrder::ORDER_ONLY_INDEX:  // a uint32 per repeat, 4 bytes apart times dstRepStride
            std::memcpy(&onlyIndex, bytes + 4 * kDstRepStride * r, 4);
            EXPECT_EQ(onlyIndex, best) << "repeat " << r;
            break;
        }
        if (r == 1 && isMax) {
          EXPECT_EQ(best, 5u);
        }
      }
    }
  }
}

// BlockReduce: 8 results per repeat, dstRepStride in units of those 8 results; fully masked
// blocks leave dst unchanged.
TYPED_TEST(ReduceTest, BlockReduceSumMaxMinWriteOneResultPerBlock) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 3, kDstRepStride = 2;
  const uint32_t mask = kPerBlock<T> * 2 + kPerBlock<T> / 2;  // two full blocks and half of the third
  const auto input = Inputs<T>(kRepeats * kLanes<T>, -5.0f, 5.0f, 23);
  for (int op = 0; op < 3; ++op) {
    simtest::LaunchOutcome outcome;
    const auto dst = RunOnUb<T>(input, Sentinels<T>(kRepeats * kDstRepStride * 8), kPerBlock<T>,
                                [&](auto& d, auto& s, auto&) {
                                  if (op == 0) BlockReduceSum<T>(d, s, kRepeats, int32_t(mask), kDstRepStride, 1, 8);
                                  if (op == 1) BlockReduceMax<T>(d, s, kRepeats, int32_t(mask), kDstRepStride, 1, 8);
                                  if (op == 2) BlockReduceMin<T>(d, s, kRepeats, int32_t(mask), kDstRepStride, 1, 8);
                                },
                                outcome);
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
    for (uint32_t r = 0; r < kRepeats; ++r) {
      const auto lanes = RepeatLanes(input, r, FirstLanes(mask), 1, 8);
      for (uint32_t block = 0; block < 8; ++block) {
        const T got = dst[r * kDstRepStride * 8 + block];
        const uint32_t first = block * kPerBlock<T>;
        if (first >= mask) {
          EXPECT_EQ(BitsOf(got), BitsOf(T(-777.0f))) << "masked block " << block << " of repeat " << r;
          continue;
        }
        const uint32_t end = first + kPerBlock<T> < mask ? first + kPerBlock<T> : mask;
        std::vector<float> blockLanes(lanes.begin() + first, lanes.begin() + first + kPerBlock<T>);
        float expected = op == 0 ? RefTree<T>(blockLanes) : lanes[first];
        for (uint32_t lane = first; lane < end && op != 0; ++lane) {
          expected = op == 1 ? std::max(expected, lanes[lane]) : std::min(expected, lanes[lane]);
        }
        EXPECT_EQ(BitsOf(got), BitsOf(T(expected))) << "op " << op << " block " << block << " of repeat " << r;
      }
    }
  }
}

// BlockReduce takes (repeatTime, mask), WholeReduce (mask, repeatTime): with one block of lanes
// both compute the same per-repeat sums.
TEST(ReduceTest, BlockReduceAndWholeReduceTakeRepeatAndMaskInOppositeOrder) {
  constexpr int32_t kRepeats = 3, kMask = 16;
  const auto input = Inputs<half>(kRepeats * 128, -5.0f, 5.0f, 29);
  simtest::LaunchOutcome blockOutcome, wholeOutcome;
  const auto block = RunOnUb<half>(input, Sentinels<half>(kRepeats * 8), 16,
                                   [&](auto& d, auto& s, auto&) { BlockReduceSum<half>(d, s, kRepeats, kMask, 1, 1, 8); },
                                   blockOutcome);
  const auto whole = RunOnUb<half>(input, Sentinels<half>(16), 16,
                                   [&](auto& d, auto& s, auto&) { WholeReduceSum<half>(d, s, kMask, kRepeats, 1, 1, 8); },
                                   wholeOutcome);
  ASSERT_EQ(blockOutcome.status, 0) << blockOutcome.Describe();
  ASSERT_EQ(wholeOutcome.status, 0) << wholeOutcome.Describe();
  for (int32_t r = 0; r < kRepeats; ++r) {
    const float expected = RefTree<half>(RepeatLanes(input, uint32_t(r), FirstLanes(kMask), 1, 8));
    EXPECT_EQ(block[r * 8].bits, half(expected).bits) << "repeat " << r;
    EXPECT_EQ(whole[r].bits, half(expected).bits) << "repeat " << r;
    EXPECT_EQ(block[r * 8 + 1].bits, half(-777.0f).bits);
  }
  EXPECT_EQ(whole[kRepeats].bits, half(-777.0f).bits);
}

// PairReduceSum: 128 bytes of pair sums per repeat; a pair with no active lane is left unchanged.
TYPED_TEST(ReduceTest, PairReduceSumAddsAdjacentPairs) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 2, kDstRepStride = 2;
  const uint32_t mask = kLanes<T> - 27;  // odd: the last active pair has one lane
  const uint32_t pairsPerRepeat = kLanes<T> / 2;
  const auto input = Inputs<T>(kRepeats * kLanes<T>, -5.0f, 5.0f, 31);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(kRepeats * kDstRepStride * pairsPerRepeat), kPerBlock<T>,
                              [&](auto& d, auto& s, auto&) {
                                PairReduceSum<T>(d, s, kRepeats, int32_t(mask), kDstRepStride, 1, 8);
                              },
                              outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t r = 0; r < kRepeats; ++r) {
    const auto lanes = RepeatLanes(input, r, FirstLanes(mask), 1, 8);
    for (uint32_t pair = 0; pair < pairsPerRepeat; ++pair) {
      const T got = dst[r * kDstRepStride * pairsPerRepeat + pair];
      const T expected = 2 * pair < mask ? T(RefAdd<T>(lanes[2 * pair], lanes[2 * pair + 1])) : T(-777.0f);
      EXPECT_EQ(BitsOf(got), BitsOf(expected)) << "pair " << pair << " of repeat " << r;
    }
  }
}

TYPED_TEST(ReduceTest, RepeatReduceSumIgnoresDstBlkStride) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 4, kDstRepStride = 3;
  const uint32_t mask = kLanes<T> / 2 + 1;
  const auto input = Inputs<T>(kRepeats * kLanes<T>, -5.0f, 5.0f, 37);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T> * 2), kPerBlock<T>,
                              [&](auto& d, auto& s, auto&) {
                                RepeatReduceSum<T>(d, s, kRepeats, int32_t(mask), 5, 1, kDstRepStride, 8);
                              },
                              outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t r = 0; r < kRepeats; ++r) {
    const float expected = RefTree<T>(RepeatLanes(input, r, FirstLanes(mask), 1, 8));
    EXPECT_EQ(BitsOf(dst[r * kDstRepStride]), BitsOf(T(expected))) << "repeat " << r;
  }
}

TEST(ReduceTest, SetMaskFalseUsesTheMaskRegister) {
  const auto input = Inputs<float>(2 * 64, -5.0f, 5.0f, 41);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<float>(input, Sentinels<float>(8), 8,
                                  [&](auto& d, auto& s, auto&) {
                                    SetVectorMask<float>(0, 0xFFFFull);
                                    WholeReduceSum<float, false>(d, s, MASK_PLACEHOLDER, 2, 1, 1, 8);
                                    ResetMask();
                                  },
                                  outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t r = 0; r < 2; ++r) {
    EXPECT_EQ(dst[r], RefTree<float>(RepeatLanes(input, r, FirstLanes(16), 1, 8))) << "repeat " << r;
  }
}

TEST(ReduceTest, LevelZeroReductionsRejectRepeatsOver255) {
  const auto input = Inputs<float>(64, -1.0f, 1.0f, 43);
  simtest::LaunchOutcome outcome;
  RunOnUb<float>(input, Sentinels<float>(8), 8,
                 [&](auto& d, auto& s, auto&) { WholeReduceSum<float>(d, s, 64, 256, 1, 1, 0); }, outcome);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  RunOnUb<float>(input, Sentinels<float>(64), 8,
                 [&](auto& d, auto& s, auto&) { BlockReduceMax<float>(d, s, 300, 64, 0, 1, 0); }, outcome);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

TEST(ReduceTest, BlockReduceHalfDestinationMustBe16ByteAligned) {
  const auto input = Inputs<half>(128, -1.0f, 1.0f, 47);
  simtest::LaunchOutcome outcome;
  RunOnUb<half>(input, Sentinels<half>(32), 16,
                [&](auto& d, auto& s, auto&) { BlockReduceSum<half>(d[8], s, 1, 128, 1, 1, 8); }, outcome);
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  RunOnUb<half>(input, Sentinels<half>(32), 16,
                [&](auto& d, auto& s, auto&) { BlockReduceSum<half>(d[4], s, 1, 128, 1, 1, 8); }, outcome);
  EXPECT_TRUE(outcome.HasKind("misaligned-address")) << outcome.Describe();
}

// vcadd, the CCE instruction on raw UB pointers (GetPhyAddr), mode false: one tree sum per repeat
// under the mask register, dstRepStride in elements, as WholeReduceSum.
TYPED_TEST(ReduceTest, VcaddWritesOneTreeSumPerRepeatUnderTheMaskRegister) {
  using T = TypeParam;
  constexpr uint32_t kRepeats = 3;
  constexpr uint32_t kSrcRepStride = 16;
  const uint32_t mask = kLanes<T> / 2 + 5;
  const auto input = Inputs<T>(kRepeats * kSrcRepStride * kPerBlock<T>, -3.0f, 3.0f, 53);
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(2 * kPerBlock<T>), 8,
                              [&](auto& d, auto& s, auto&) {
                                AscendCUtils::SetMask<T>(mask);
                                vcadd((__ubuf__ T*)d.GetPhyAddr(), (__ubuf__ T*)s.GetPhyAddr(), kRepeats, 2, 1,
                                      kSrcRepStride, false);
                                ResetMask();
                              },
                              outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t r = 0; r < kRepeats; ++r) {
    const float expected = RefTree<T>(RepeatLanes(input, r, FirstLanes(mask), 1, kSrcRepStride));
    EXPECT_EQ(BitsOf(dst[2 * r]), BitsOf(T(expected))) << "repeat " << r;
    EXPECT_EQ(BitsOf(dst[2 * r + 1]), BitsOf(T(-777.0f))) << "dstRepStride 2 skips an element";
  }
}

// Mode true (what the Norm kernels use with a null dst): the total of every repeat goes to
// ACC_VAL, read as raw bits with get_acc_val/GetAccVal() or as T with GetAccVal<T>(); dst is untouched.
TYPED_TEST(ReduceTest, VcaddAccumulateModeLeavesTheCountFormTotalInAccVal) {
  using T = TypeParam;
  constexpr uint32_t kCount = 1000;
  const auto input = Inputs<T>(kCount, -4.0f, 4.0f, 59);
  int64_t rawBits = 0;
  int64_t apiBits = 0;
  T typed{};
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<T>(input, Sentinels<T>(kPerBlock<T>), 8,
                              [&](auto& d, auto& s, auto&) {
                                set_mask_count();
                                set_vector_mask(0, kCount);
                                vcadd((__ubuf__ T*)d.GetPhyAddr(), (__ubuf__ T*)s.GetPhyAddr(), 1, 1, 1, 8, true);
                                set_mask_norm();
                                ResetMask();
                                rawBits = get_acc_val();
                                apiBits = GetAccVal();
                                typed = GetAccVal<T>();
                              },
                              outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const T expected = T(RefCountSum(input, kCount));
  EXPECT_EQ(IndexBits<T>(rawBits), BitsOf(expected)) << "got bits " << rawBits << ", want " << float(expected);
  EXPECT_EQ(apiBits, rawBits);
  EXPECT_EQ(BitsOf(typed), BitsOf(expected));
  EXPECT_EQ(BitsOf(dst[0]), BitsOf(T(-777.0f))) << "mode true writes no dst";
}

TEST(ReduceTest, VcaddAccumulateModeTakesRepeatsAndANullDst) {
  const auto input = Inputs<float>(3 * 64, -2.0f, 2.0f, 61);
  float total = 0.0f;
  simtest::LaunchOutcome outcome;
  RunOnUb<float>(input, Sentinels<float>(8), 8,
                 [&](auto&, auto& s, auto&) {
                   AscendCUtils::SetMask<float>(64);
                   vcadd(nullptr, (__ubuf__ float*)s.GetPhyAddr(), 3, 1, 1, 8, true);
                   const int64_t bits = get_acc_val();
                   std::memcpy(&total, &bits, sizeof(total));
                 },
                 outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(total, RefCountSum(input, 3 * 64));
}

TEST(ReduceTest, ReduceSumCountFormSetsWhatGetAccValReads) {
  const auto input = Inputs<float>(300, -4.0f, 4.0f, 67);
  float accumulated = 0.0f;
  simtest::LaunchOutcome outcome;
  const auto dst = RunOnUb<float>(input, Sentinels<float>(8), 8,
                                  [&](auto& d, auto& s, auto& t) {
                                    ReduceSum<float>(d, s, t, 300);
                                    accumulated = GetAccVal<float>();
                                  },
                                  outcome);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(accumulated, dst[0]);
}

TEST(ReduceTest, VcaddOperandsMustPointIntoALiveBuffer) {
  const auto input = Inputs<float>(64, -1.0f, 1.0f, 71);
  simtest::LaunchOutcome outcome;
  RunOnUb<float>(input, Sentinels<float>(8), 8,
                 [&](auto&, auto& s, auto&) { vcadd(nullptr, (__ubuf__ float*)s.GetPhyAddr(), 1, 1, 1, 8, false); },
                 outcome);
  ASSERT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].api, "vcadd");
  EXPECT_NE(outcome.diagnostics[0].message.find("dst is a null pointer"), std::string::npos) << outcome.Describe();

  float outsideUb[64] = {};
  RunOnUb<float>(input, Sentinels<float>(8), 8,
                 [&](auto& d, auto&, auto&) { vcadd((__ubuf__ float*)d.GetPhyAddr(), outsideUb, 1, 1, 1, 8, false); },
                 outcome);
  ASSERT_TRUE(outcome.HasKind("ub-out-of-bounds")) << outcome.Describe();
  EXPECT_NE(outcome.diagnostics[0].message.find("src points into no live"), std::string::npos) << outcome.Describe();
  EXPECT_NE(outcome.diagnostics[0].file.find("reduce_test.cpp"), std::string::npos) << outcome.Describe();

  RunOnUb<float>(input, Sentinels<float>(8), 8,
                 [&](auto&, auto& s, auto&) { vcadd(nullptr, (__ubuf__ float*)s.GetPhyAddr(), 300, 1, 1, 8, true); },
                 outcome);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

// The src view runs to the end of the buffer the pointer lies in; a walk past it reads the bytes
// that follow, with a warning.
TEST(ReduceTest, VcaddWalkPastTheBufferWarns) {
  const auto input = Inputs<float>(64, -1.0f, 1.0f, 73);
  simtest::LaunchOutcome outcome;
  RunOnUb<float>(input, Sentinels<float>(8), 8,
                 [&](auto&, auto& s, auto&) { vcadd(nullptr, (__ubuf__ float*)s.GetPhyAddr(), 2, 1, 1, 8, true); },
                 outcome);
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_FALSE(outcome.diagnostics.empty()) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
}

}  // namespace
