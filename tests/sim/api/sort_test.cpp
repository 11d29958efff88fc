#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

constexpr uint32_t kPairBytes = 8;
constexpr size_t kMaxBuffers = 6;

// Byte images of UB buffers: each is copied from GM into its own TBuf, `body` runs on the UB
// views, and every buffer is copied back, so a test sees what the body left in all of them.
using Images = std::vector<std::vector<uint8_t>>;
using Views = std::vector<LocalTensor<uint8_t>>;

template <class Body>
simtest::LaunchOutcome RunOnBuffers(Images& images, Body body) {
  for (auto& image : images) image.resize((image.size() + 31) / 32 * 32, 0);
  std::vector<std::unique_ptr<simtest::GmBuffer<uint8_t>>> globals;
  for (const auto& image : images) globals.push_back(std::make_unique<simtest::GmBuffer<uint8_t>>(image));
  auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    std::array<TBuf<TPosition::VECCALC>, kMaxBuffers> buffers;
    Views views;
    std::vector<GlobalTensor<uint8_t>> gms(images.size());
    for (size_t i = 0; i < images.size(); ++i) {
      pipe.InitBuffer(buffers[i], images[i].size());
      views.push_back(buffers[i].Get<uint8_t>());
      gms[i].SetGlobalBuffer((__gm__ uint8_t*)globals[i]->addr(), images[i].size());
      DataCopy(views[i], gms[i], images[i].size());
    }
    PipeBarrier<PIPE_ALL>();
    body(views);
    PipeBarrier<PIPE_ALL>();
    for (size_t i = 0; i < images.size(); ++i) DataCopy(gms[i], views[i], images[i].size());
  });
  for (size_t i = 0; i < images.size(); ++i) images[i] = globals[i]->values();
  return outcome;
}

template <class T>
std::vector<uint8_t> Bytes(const std::vector<T>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

// A (score, index) pair as Sort32 and MrgSort store it: the score's bits in the first sizeof(T)
// bytes, the index in the last four.
struct Pair {
  float score;
  uint32_t scoreBits;
  uint32_t index;
  bool operator==(const Pair& other) const { return scoreBits == other.scoreBits && index == other.index; }
};

template <class T>
uint32_t ScoreBits(T score) {
  uint32_t bits = 0;
  std::memcpy(&bits, &score, sizeof(T));
  return bits;
}

template <class T>
Pair MakePair(T score, uint32_t index) {
  return {float(score), ScoreBits(score), index};
}

template <class T>
std::vector<uint8_t> PairBytes(const std::vector<Pair>& pairs) {
  std::vector<uint8_t> bytes(pairs.size() * kPairBytes, 0);
  for (size_t i = 0; i < pairs.size(); ++i) {
    std::memcpy(&bytes[i * kPairBytes], &pairs[i].scoreBits, sizeof(T));
    std::memcpy(&bytes[i * kPairBytes + 4], &pairs[i].index, 4);
  }
  return bytes;
}

template <class T>
std::vector<Pair> ReadPairs(const std::vector<uint8_t>& bytes, size_t first, size_t count) {
  std::vector<Pair> pairs;
  for (size_t i = first; i < first + count; ++i) {
    T score;
    uint32_t index = 0;
    std::memcpy(static_cast<void*>(&score), &bytes[i * kPairBytes], sizeof(T));
    std::memcpy(&index, &bytes[i * kPairBytes + 4], 4);
    pairs.push_back(MakePair(score, index));
  }
  return pairs;
}

// Largest score first; equal scores keep their order.
void StableSortDescending(std::vector<Pair>& pairs) {
  std::stable_sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) { return a.score > b.score; });
}

// Scores from few distinct values, negative and positive, so ties are common.
template <class T>
std::vector<T> TiedScores(size_t count, uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> step(-12, 12);
  std::vector<T> scores;
  for (size_t i = 0; i < count; ++i) scores.push_back(T(float(step(random)) * 0.75f));
  return scores;
}

std::vector<uint32_t> ScatteredIndices(size_t count, uint32_t seed) {
  std::vector<uint32_t> indices(count);
  std::mt19937 random(seed);
  for (auto& index : indices) index = random();
  return indices;
}

std::string DescribePairs(const std::vector<Pair>& pairs) {
  std::string text;
  for (const Pair& pair : pairs) text += "(" + std::to_string(pair.score) + ", " + std::to_string(pair.index) + ") ";
  return text;
}

// ---- Sort32 --------------------------------------------------------------------------------------

template <class T>
std::vector<Pair> ReferenceSort32(const std::vector<T>& scores, const std::vector<uint32_t>& indices) {
  std::vector<Pair> sorted;
  for (size_t first = 0; first < scores.size(); first += 32) {
    std::vector<Pair> run;
    for (size_t i = first; i < first + 32; ++i) run.push_back(MakePair(scores[i], indices[i]));
    StableSortDescending(run);
    sorted.insert(sorted.end(), run.begin(), run.end());
  }
  return sorted;
}

// Images: 0 scores, 1 indices, 2 dst (prefilled with 0xEE).
template <class T>
simtest::LaunchOutcome RunSort32(const std::vector<T>& scores, const std::vector<uint32_t>& indices, size_t dstPairs,
                                 int32_t repeatTime, Images& images, uint32_t dstOffsetBytes = 0) {
  images = {Bytes(scores), Bytes(indices), std::vector<uint8_t>(dstPairs * kPairBytes + 64, 0xEE)};
  return RunOnBuffers(images, [&](Views& views) {
    Sort32(views[2][dstOffsetBytes].ReinterpretCast<T>(), views[0].ReinterpretCast<T>(),
           views[1].ReinterpretCast<uint32_t>(), repeatTime);
  });
}

template <class T>
void CheckSort32AgainstReference(uint32_t repeats, uint32_t seed) {
  const auto scores = TiedScores<T>(repeats * 32, seed);
  const auto indices = ScatteredIndices(repeats * 32, seed + 1);
  Images images;
  const auto outcome = RunSort32(scores, indices, repeats * 32, int32_t(repeats), images);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_TRUE(outcome.diagnostics.empty()) << outcome.Describe();
  const auto expected = ReferenceSort32(scores, indices);
  const auto actual = ReadPairs<T>(images[2], 0, expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(actual[i], expected[i]) << "pair " << i << ": got " << DescribePairs({actual[i]}) << "want "
                                      << DescribePairs({expected[i]});
  }
  // Nothing past the last repeat's 256 bytes is written.
  for (size_t byte = expected.size() * kPairBytes; byte < images[2].size(); ++byte) ASSERT_EQ(images[2][byte], 0xEE);
}

TEST(Sort32Test, FloatRunsSortLargestFirstWithTiesInInputOrder) { CheckSort32AgainstReference<float>(5, 11); }
TEST(Sort32Test, HalfRunsSortLargestFirstWithTiesInInputOrder) { CheckSort32AgainstReference<half>(4, 21); }

TEST(Sort32Test, EachRepeatSortsOnlyItsOwn32Scores) {
  // Run 0 holds the small scores and run 1 the large ones: a sort across runs would swap them.
  std::vector<float> scores(64);
  for (int i = 0; i < 64; ++i) scores[i] = float(i) - 70.0f;
  std::vector<uint32_t> indices(64);
  std::iota(indices.begin(), indices.end(), 0u);
  Images images;
  ASSERT_EQ(RunSort32(scores, indices, 64, 2, images).status, 0);
  const auto pairs = ReadPairs<float>(images[2], 0, 64);
  EXPECT_EQ(pairs[0].index, 31u);
  EXPECT_EQ(pairs[31].index, 0u);
  EXPECT_EQ(pairs[32].index, 63u);
  EXPECT_EQ(pairs[63].index, 32u);
}

TEST(Sort32Test, HalfPairsKeepTheScoreInTheLowTwoBytesAndTheIndexInTheHighFour) {
  std::vector<half> scores(32, half(1.0f));
  scores[5] = half(-2.5f);
  std::vector<uint32_t> indices(32);
  std::iota(indices.begin(), indices.end(), 0x10000u);
  Images images;
  ASSERT_EQ(RunSort32(scores, indices, 32, 1, images).status, 0);
  // The smallest score is last: bytes 248..249 hold it, 252..255 its index.
  half last;
  std::memcpy(static_cast<void*>(&last), &images[2][31 * kPairBytes], 2);
  uint32_t lastIndex = 0;
  std::memcpy(&lastIndex, &images[2][31 * kPairBytes + 4], 4);
  EXPECT_EQ(float(last), -2.5f);
  EXPECT_EQ(lastIndex, 0x10005u);
}

TEST(Sort32Test, ZeroRepeatsWriteNothing) {
  Images images;
  const auto outcome = RunSort32(TiedScores<float>(32, 3), ScatteredIndices(32, 4), 32, 0, images);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint8_t byte : images[2]) ASSERT_EQ(byte, 0xEE);
}

TEST(Sort32Test, RepeatTimeOutsideTheEightBitFieldIsAnError) {
  for (int32_t repeat : {-1, 256}) {
    Images images;
    const auto outcome = RunSort32(TiedScores<float>(32, 5), ScatteredIndices(32, 6), 32, repeat, images);
    EXPECT_NE(outcome.status, 0);
    EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  }
}

TEST(Sort32Test, DstNotAlignedTo32BytesIsAnError) {
  Images images;
  const auto outcome = RunSort32(TiedScores<float>(32, 7), ScatteredIndices(32, 8), 32, 1, images, 16);
  EXPECT_TRUE(outcome.HasKind("misaligned-address")) << outcome.Describe();
}

TEST(Sort32Test, ChargesFourVectorCyclesPerRepeat) {
  auto vectorBusy = [](int32_t repeats) {
    simtest::GmBuffer<float> scores(TiedScores<float>(128, 9));
    simtest::GmBuffer<uint32_t> indices(ScatteredIndices(128, 10));
    return simtest::Profile(1,
                            [&] {
                              TPipe pipe;
                              TBuf<TPosition::VECCALC> s, i, d;
                              pipe.InitBuffer(s, 128 * sizeof(float));
                              pipe.InitBuffer(i, 128 * sizeof(uint32_t));
                              pipe.InitBuffer(d, 128 * kPairBytes);
                              GlobalTensor<float> sGm;
                              GlobalTensor<uint32_t> iGm;
                              sGm.SetGlobalBuffer((__gm__ float*)scores.addr(), 128);
                              iGm.SetGlobalBuffer((__gm__ uint32_t*)indices.addr(), 128);
                              DataCopy(s.Get<float>(), sGm, 128);
                              DataCopy(i.Get<uint32_t>(), iGm, 128);
                              PipeBarrier<PIPE_ALL>();
                              Sort32(d.Get<float>(), s.Get<float>(), i.Get<uint32_t>(), repeats);
                            })
        .busyCycles[size_t(ascendc_sim::HwPipe::kVector)];
  };
  EXPECT_EQ(vectorBusy(4) - vectorBusy(1), 3u * 4u);
}

// ---- MrgSort -------------------------------------------------------------------------------------

// Sorted runs of pairs with tied scores within and across runs; indices tell the runs apart.
template <class T>
std::vector<std::vector<Pair>> SortedRuns(const std::vector<uint16_t>& lengths, uint32_t seed) {
  std::vector<std::vector<Pair>> runs;
  for (size_t run = 0; run < lengths.size(); ++run) {
    const auto scores = TiedScores<T>(lengths[run], seed + uint32_t(run));
    std::vector<Pair> pairs;
    for (size_t i = 0; i < scores.size(); ++i) pairs.push_back(MakePair(scores[i], uint32_t(run * 1000 + i)));
    StableSortDescending(pairs);
    runs.push_back(pairs);
  }
  return runs;
}

// The merge as one stable sort of the runs laid end to end: equal scores keep run order, then
// position. With suspension it ends at the pair that uses up a run.
std::vector<Pair> ReferenceMerge(const std::vector<std::vector<Pair>>& runs, bool suspension,
                                 std::array<uint16_t, 4>& taken) {
  std::vector<std::pair<Pair, size_t>> all;
  for (size_t run = 0; run < runs.size(); ++run) {
    for (const Pair& pair : runs[run]) all.push_back({pair, run});
  }
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first.score > b.first.score; });
  std::vector<Pair> merged;
  taken = {0, 0, 0, 0};
  for (size_t run = 0; run < runs.size(); ++run) {
    if (suspension && runs[run].empty()) return merged;
  }
  for (const auto& [pair, run] : all) {
    merged.push_back(pair);
    if (++taken[run] == runs[run].size() && suspension) break;
  }
  return merged;
}

struct MergeCall {
  std::vector<uint16_t> lengths;  // of the runs taking part; validBit follows from their number
  bool suspension = false;
  uint16_t validBit = 0;  // 0: from the number of runs
  int32_t repeatTimes = 1;
  bool argumentForm = false;  // the MrgSort(dst, list, counts, sortedNum, validBit, repeat) form
};

struct MergeRun {
  simtest::LaunchOutcome outcome;
  std::vector<uint8_t> dst;
  std::array<uint16_t, 4> registerCounts{};
  std::array<uint32_t, 4> sortedNum{};
};

// Runs lie back to back in image 0 from `runOffsetBytes`; dst is image 1, prefilled with 0xEE.
template <class T>
MergeRun RunMerge(const std::vector<std::vector<Pair>>& runs, const MergeCall& call, uint32_t runOffsetBytes = 0) {
  std::vector<Pair> all;
  for (const auto& run : runs) all.insert(all.end(), run.begin(), run.end());
  std::vector<uint8_t> source(runOffsetBytes, 0);
  const auto pairBytes = PairBytes<T>(all);
  source.insert(source.end(), pairBytes.begin(), pairBytes.end());
  Images images = {source, std::vector<uint8_t>((all.size() * kPairBytes + 256 + 31) / 32 * 32, 0xEE)};
  MergeRun result;
  result.sortedNum = {7, 7, 7, 7};
  result.outcome = RunOnBuffers(images, [&](Views& views) {
    LocalTensor<T> pairs = views[0][runOffsetBytes].ReinterpretCast<T>();
    LocalTensor<T> heads[4];
    uint32_t offset = 0;
    for (size_t run = 0; run < std::min<size_t>(runs.size(), 4); ++run) {
      heads[run] = pairs[offset * uint32_t(kPairBytes / sizeof(T))];
      offset += uint32_t(runs[run].size());
    }
    uint16_t lengths[4] = {0, 0, 0, 0};
    for (size_t run = 0; run < call.lengths.size(); ++run) lengths[run] = call.lengths[run];
    const uint16_t validBit = call.validBit != 0 ? call.validBit : uint16_t((1u << call.lengths.size()) - 1);
    MrgSortSrcList<T> list(heads[0], heads[1], heads[2], heads[3]);
    LocalTensor<T> dst = views[1].ReinterpretCast<T>();
    if (call.argumentForm) {
      if (call.suspension) {
        MrgSort<T, true>(dst, list, lengths, result.sortedNum.data(), validBit, call.repeatTimes);
      } else {
        MrgSort<T, false>(dst, list, lengths, result.sortedNum.data(), validBit, call.repeatTimes);
      }
    } else {
      MrgSort(dst, list, MrgSort4Info(lengths, call.suspension, validBit, uint16_t(call.repeatTimes)));
    }
    GetMrgSortResult(result.registerCounts[0], result.registerCounts[1], result.registerCounts[2],
                     result.registerCounts[3]);
  });
  result.dst = images[1];
  return result;
}

template <class T>
void CheckMerge(const std::vector<uint16_t>& lengths, bool suspension, bool argumentForm, uint32_t seed) {
  const auto runs = SortedRuns<T>(lengths, seed);
  std::array<uint16_t, 4> taken{};
  const auto expected = ReferenceMerge(runs, suspension, taken);
  const MergeRun run = RunMerge<T>(runs, {lengths, suspension, 0, 1, argumentForm});
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  EXPECT_TRUE(run.outcome.diagnostics.empty()) << run.outcome.Describe();
  const auto actual = ReadPairs<T>(run.dst, 0, expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(actual[i], expected[i]) << "pair " << i << ": got " << DescribePairs({actual[i]}) << "want "
                                      << DescribePairs({expected[i]});
  }
  for (size_t byte = expected.size() * kPairBytes; byte < run.dst.size(); ++byte) {
    ASSERT_EQ(run.dst[byte], 0xEE) << "byte " << byte << " past the merged pairs";
  }
  EXPECT_EQ(run.registerCounts, taken);
  if (argumentForm && suspension) {
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(run.sortedNum[i], taken[i]) << "sortedNum[" << i << "]";
  }
  if (argumentForm && !suspension) {
    for (uint32_t num : run.sortedNum) EXPECT_EQ(num, 7u) << "sortedNum is written only with suspension";
  }
}

// Odd lengths put runs 2..4 at 8-byte, not 32-byte, boundaries, which MrgSort's sources allow.
TEST(MrgSortTest, FourFloatRunsMergeLargestFirstWithTiesToTheEarlierRun) {
  CheckMerge<float>({13, 40, 7, 29}, false, false, 31);
}
TEST(MrgSortTest, FourHalfRunsMerge) { CheckMerge<half>({32, 32, 32, 32}, false, false, 41); }
TEST(MrgSortTest, TwoRunsWithValidBit0b11IgnoreTheOtherTwo) { CheckMerge<float>({25, 9}, false, false, 51); }
TEST(MrgSortTest, ThreeRunsWithValidBit0b111) { CheckMerge<half>({5, 17, 30}, false, false, 61); }
TEST(MrgSortTest, ArgumentFormMergesAsTheInfoForm) { CheckMerge<float>({10, 20, 30, 40}, false, true, 71); }

TEST(MrgSortTest, ExhaustedSuspensionStopsOnceARunIsUsedUpAndCountsWhatEachGave) {
  // Short runs among long ones: the reference decides which is used up first.
  CheckMerge<float>({4, 30, 30, 30}, true, false, 81);
  CheckMerge<half>({16, 3, 16, 16}, true, true, 91);
}

TEST(MrgSortTest, ExhaustedSuspensionStopsAtTheTopKRunWhenItRunsOut) {
  // TopK's pattern: run 0 is the current top 4, the others new sorted candidates.
  const auto runs = SortedRuns<float>({4, 16, 16, 16}, 101);
  std::array<uint16_t, 4> taken{};
  const auto expected = ReferenceMerge(runs, true, taken);
  ASSERT_GE(expected.size(), 4u);
  const MergeRun run = RunMerge<float>(runs, {{4, 16, 16, 16}, true});
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  std::vector<Pair> all;
  for (const auto& r : runs) all.insert(all.end(), r.begin(), r.end());
  StableSortDescending(all);
  const auto top = ReadPairs<float>(run.dst, 0, 4);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(top[i], all[i]) << "top " << i;
}

TEST(MrgSortTest, RepeatTimesMergeFourEqualBackToBackRunsPerRepeat) {
  const auto runs = SortedRuns<float>({8, 8, 8, 8, 8, 8, 8, 8}, 111);
  std::array<uint16_t, 4> taken{};
  const auto first = ReferenceMerge(std::vector<std::vector<Pair>>(runs.begin(), runs.begin() + 4), false, taken);
  const auto second = ReferenceMerge(std::vector<std::vector<Pair>>(runs.begin() + 4, runs.end()), false, taken);
  const MergeRun run = RunMerge<float>(runs, {{8, 8, 8, 8}, false, 0, 2});
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  EXPECT_EQ(ReadPairs<float>(run.dst, 0, 32), first);
  EXPECT_EQ(ReadPairs<float>(run.dst, 32, 32), second);
}

TEST(MrgSortTest, RepeatTimesOverOneWithoutFourEqualBackToBackRunsIsAnError) {
  const auto equal = SortedRuns<float>({8, 8, 8, 8}, 121);
  const auto unequal = SortedRuns<float>({8, 8, 8, 9}, 122);
  for (const MergeCall& call :
       {MergeCall{{8, 8, 8, 8}, true, 0, 2}, MergeCall{{8, 8, 8}, false, 0, 2}, MergeCall{{8, 8, 8, 9}, false, 0, 2}}) {
    const MergeRun run = RunMerge<float>(call.lengths.back() == 9 ? unequal : equal, call);
    EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
  }
}

TEST(MrgSortTest, RepeatTimesOutsideOneTo255IsAnError) {
  const auto runs = SortedRuns<float>({8, 8, 8, 8}, 131);
  for (int32_t repeat : {0, 256}) {
    const MergeRun run = RunMerge<float>(runs, {{8, 8, 8, 8}, false, 0, repeat, true});
    EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << "repeat " << repeat << ": " << run.outcome.Describe();
  }
}

TEST(MrgSortTest, ValidBitOtherThan3Or7Or15IsAnError) {
  const auto runs = SortedRuns<float>({8, 8, 8, 8}, 141);
  for (uint16_t validBit : {0b1, 0b101, 0b10000}) {
    const MergeCall call{{8, 8, 8, 8}, false, validBit};
    const MergeRun run = RunMerge<float>(runs, call);
    EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << "validBit " << call.validBit << ": " << run.outcome.Describe();
  }
}

TEST(MrgSortTest, ElementLengthsOver4095IsAnError) {
  const auto runs = SortedRuns<float>({8, 8}, 151);
  const MergeRun run = RunMerge<float>(runs, {{8, 4096}});
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

TEST(MrgSortTest, RunNotAlignedToAPairIsAnError) {
  const auto runs = SortedRuns<float>({8, 8}, 161);
  const MergeRun run = RunMerge<float>(runs, {{8, 8}}, 4);
  EXPECT_TRUE(run.outcome.HasKind("misaligned-address")) << run.outcome.Describe();
}

TEST(MrgSortTest, ChargesSixVectorCyclesPer32PairsWritten) {
  auto vectorBusy = [](uint16_t length) {
    const auto runs = SortedRuns<float>({length, length, length, length}, 171);
    std::vector<Pair> all;
    for (const auto& run : runs) all.insert(all.end(), run.begin(), run.end());
    simtest::GmBuffer<uint8_t> pairs(PairBytes<float>(all));
    const uint32_t bytes = uint32_t(all.size() * kPairBytes);
    return simtest::Profile(1,
                            [&] {
                              TPipe pipe;
                              TBuf<TPosition::VECCALC> src, dst;
                              pipe.InitBuffer(src, bytes);
                              pipe.InitBuffer(dst, bytes);
                              GlobalTensor<uint8_t> gm;
                              gm.SetGlobalBuffer((__gm__ uint8_t*)pairs.addr(), bytes);
                              DataCopy(src.Get<uint8_t>(), gm, bytes);
                              PipeBarrier<PIPE_ALL>();
                              LocalTensor<float> s = src.Get<float>();
                              const uint16_t lengths[4] = {length, length, length, length};
                              MrgSort(dst.Get<float>(),
                                      MrgSortSrcList<float>(s, s[2 * length], s[4 * length], s[6 * length]),
                                      MrgSort4Info(lengths, false, 0b1111, 1));
                            })
        .busyCycles[size_t(ascendc_sim::HwPipe::kVector)];
  };
  EXPECT_EQ(vectorBusy(32) - vectorBusy(8), 3u * 6u);  // 128 pairs (4 x 256 B) against 32 (1 x 256 B)
}

// Sort32 then two rounds of MrgSort give a full sort of 512 scores.
TEST(SortFamilyTest, Sort32ThenMrgSortSortsAllScores) {
  constexpr uint32_t kCount = 512;
  const auto scores = TiedScores<float>(kCount, 181);
  std::vector<uint32_t> indices(kCount);
  std::iota(indices.begin(), indices.end(), 0u);
  Images images = {Bytes(scores), Bytes(indices), std::vector<uint8_t>(kCount * kPairBytes, 0),
                   std::vector<uint8_t>(kCount * kPairBytes, 0)};
  const auto outcome = RunOnBuffers(images, [&](Views& views) {
    LocalTensor<float> a = views[2].ReinterpretCast<float>(), b = views[3].ReinterpretCast<float>();
    Sort32(a, views[0].ReinterpretCast<float>(), views[1].ReinterpretCast<uint32_t>(), kCount / 32);
    PipeBarrier<PIPE_V>();
    const uint16_t runs32[4] = {32, 32, 32, 32};
    MrgSort(b, MrgSortSrcList<float>(a, a[64], a[128], a[192]), MrgSort4Info(runs32, false, 0b1111, 4));
    PipeBarrier<PIPE_V>();
    const uint16_t runs128[4] = {128, 128, 128, 128};
    MrgSort(a, MrgSortSrcList<float>(b, b[256], b[512], b[768]), MrgSort4Info(runs128, false, 0b1111, 1));
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  std::vector<Pair> expected;
  for (uint32_t i = 0; i < kCount; ++i) expected.push_back(MakePair(scores[i], i));
  StableSortDescending(expected);
  EXPECT_EQ(ReadPairs<float>(images[2], 0, kCount), expected);
}

// The A2 way back from pairs: GatherMask's built-in patterns pick the scores (every 4th half, or
// every even float) and the indices (every odd uint32_t).
template <class T>
void CheckScoresAndIndicesComeBackWithGatherMask(uint32_t seed) {
  constexpr uint32_t kCount = 64;
  const auto scores = TiedScores<T>(kCount, seed);
  const auto indices = ScatteredIndices(kCount, seed + 1);
  Images images = {Bytes(scores), Bytes(indices), std::vector<uint8_t>(kCount * kPairBytes, 0),
                   std::vector<uint8_t>(kCount * sizeof(T), 0), std::vector<uint8_t>(kCount * sizeof(uint32_t), 0)};
  const auto outcome = RunOnBuffers(images, [&](Views& views) {
    LocalTensor<T> pairs = views[2].ReinterpretCast<T>();
    Sort32(pairs, views[0].ReinterpretCast<T>(), views[1].ReinterpretCast<uint32_t>(), kCount / 32);
    PipeBarrier<PIPE_V>();
    uint64_t kept = 0;
    const uint8_t scorePattern = sizeof(T) == 2 ? 3 : 1;
    const uint16_t pairRepeats = uint16_t(kCount * kPairBytes / 256);
    GatherMask(views[3].ReinterpretCast<T>(), pairs, scorePattern, false, 0, {1, pairRepeats, 8, 0}, kept);
    GatherMask(views[4].ReinterpretCast<uint32_t>(), views[2].ReinterpretCast<uint32_t>(), uint8_t(2), false, 0,
               {1, pairRepeats, 8, 0}, kept);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto expected = ReferenceSort32(scores, indices);
  for (uint32_t i = 0; i < kCount; ++i) {
    T score;
    uint32_t index = 0;
    std::memcpy(static_cast<void*>(&score), &images[3][i * sizeof(T)], sizeof(T));
    std::memcpy(&index, &images[4][i * sizeof(uint32_t)], sizeof(uint32_t));
    ASSERT_EQ(ScoreBits(score), expected[i].scoreBits) << "score " << i;
    ASSERT_EQ(index, expected[i].index) << "index " << i;
  }
}

TEST(SortFamilyTest, HalfScoresAndIndicesComeBackWithGatherMask) {
  CheckScoresAndIndicesComeBackWithGatherMask<half>(191);
}
TEST(SortFamilyTest, FloatScoresAndIndicesComeBackWithGatherMask) {
  CheckScoresAndIndicesComeBackWithGatherMask<float>(193);
}

TEST(SortFamilyTest, GetSortLenAndGetSortOffsetCountElementsOfT) {
  EXPECT_EQ(GetSortLen<half>(128), 512u);
  EXPECT_EQ(GetSortLen<float>(128), 256u);
  EXPECT_EQ(GetSortOffset<half>(3), 12u);
  EXPECT_EQ(GetSortOffset<float>(3), 6u);
}

// ---- The region-proposal APIs, absent on Atlas A2/A3 ---------------------------------------------

template <class Call>
void ExpectUnsupportedAt(const char* api, Call call) {
  Images images = {std::vector<uint8_t>(1024, 0), std::vector<uint8_t>(1024, 0)};
  uint32_t line = 0;
  const auto outcome = RunOnBuffers(
      images, [&](Views& views) { call(views[0].ReinterpretCast<half>(), views[1].ReinterpretCast<half>(), line); });
  ASSERT_NE(outcome.status, 0);
  ASSERT_FALSE(outcome.diagnostics.empty());
  const auto& diagnostic = outcome.diagnostics.front();
  EXPECT_EQ(diagnostic.kind, "unsupported");
  EXPECT_EQ(diagnostic.api, api);
  EXPECT_EQ(diagnostic.line, line);
  EXPECT_NE(diagnostic.message.find("Atlas A2/A3"), std::string::npos) << diagnostic.message;
  for (uint8_t byte : images[1]) ASSERT_EQ(byte, 0) << api << " wrote dst";
}

TEST(RegionProposalTest, RpSort16IsUnsupportedOnA2) {
  ExpectUnsupportedAt("RpSort16", [](LocalTensor<half> src, LocalTensor<half> dst, uint32_t& line) {
    line = __LINE__ + 1;
    RpSort16(dst, src, 1);
  });
}

TEST(RegionProposalTest, MrgSort4IsUnsupportedOnA2) {
  ExpectUnsupportedAt("MrgSort4", [](LocalTensor<half> src, LocalTensor<half> dst, uint32_t& line) {
    const uint16_t lengths[4] = {4, 16, 16, 16};
    line = __LINE__ + 1;
    MrgSort4(dst, MrgSortSrcList<half>(src, src[64], src[192], src[320]), MrgSort4Info(lengths, true, 15, 1));
  });
}

TEST(RegionProposalTest, ProposalConcatIsUnsupportedOnA2) {
  ExpectUnsupportedAt("ProposalConcat", [](LocalTensor<half> src, LocalTensor<half> dst, uint32_t& line) {
    line = __LINE__ + 1;
    ProposalConcat(dst, src, 1, 4);
  });
}

TEST(RegionProposalTest, ProposalExtractIsUnsupportedOnA2) {
  ExpectUnsupportedAt("ProposalExtract", [](LocalTensor<half> src, LocalTensor<half> dst, uint32_t& line) {
    line = __LINE__ + 1;
    ProposalExtract(dst, src, 1, 4);
  });
}

}  // namespace
