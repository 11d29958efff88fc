#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

template <class T>
uint32_t BitsOf(const T& value) {
  if constexpr (sizeof(T) == 2) {
    return value.bits;
  } else {
    uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
  }
}

// ---- Gather -------------------------------------------------------------------------------------

constexpr uint32_t kGatherSrc = 512;

// Gathers `offsets.size()` elements of a kGatherSrc-element src with byte offsets and a byte base.
template <class T>
simtest::LaunchOutcome RunGather(const std::vector<T>& source, const std::vector<uint32_t>& offsets,
                                 uint32_t baseBytes, std::vector<T>& result) {
  const uint32_t count = offsets.size();
  simtest::GmBuffer<T> src(source), dst(count);
  simtest::GmBuffer<uint32_t> off(offsets);
  auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, offBuf;
    pipe.InitBuffer(srcBuf, kGatherSrc * sizeof(T));
    pipe.InitBuffer(dstBuf, count * sizeof(T));
    pipe.InitBuffer(offBuf, count * sizeof(uint32_t));
    GlobalTensor<T> srcGm, dstGm;
    GlobalTensor<uint32_t> offGm;
    srcGm.SetGlobalBuffer((__gm__ T*)src.addr(), kGatherSrc);
    dstGm.SetGlobalBuffer((__gm__ T*)dst.addr(), count);
    offGm.SetGlobalBuffer((__gm__ uint32_t*)off.addr(), count);
    LocalTensor<T> srcLocal = srcBuf.Get<T>(), dstLocal = dstBuf.Get<T>();
    LocalTensor<uint32_t> offLocal = offBuf.Get<uint32_t>();
    DataCopy(srcLocal, srcGm, kGatherSrc);
    DataCopy(offLocal, offGm, count);
    Gather(dstLocal, srcLocal, offLocal, baseBytes, count);
    DataCopy(dstGm, dstLocal, count);
  });
  result = dst.values();
  return outcome;
}

// Element indices 0..n-1 of src (after the base) in shuffled order, as byte offsets.
template <class T>
std::vector<uint32_t> ShuffledByteOffsets(uint32_t count, uint32_t indexRange, uint32_t seed) {
  std::vector<uint32_t> indices(indexRange);
  std::iota(indices.begin(), indices.end(), 0u);
  std::shuffle(indices.begin(), indices.end(), std::mt19937(seed));
  indices.resize(count);
  for (uint32_t& index : indices) index *= sizeof(T);
  return indices;
}

template <class T>
void CheckGather(uint32_t count, uint32_t baseElements) {
  const auto source = simtest::Convert<T>(simtest::RandomFloats(kGatherSrc, -10.0f, 10.0f, 61));
  const auto offsets = ShuffledByteOffsets<T>(count, kGatherSrc - baseElements, 62);
  std::vector<T> result;
  const auto outcome = RunGather(source, offsets, baseElements * sizeof(T), result);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t i = 0; i < count; ++i) {
    const T expected = source[baseElements + offsets[i] / sizeof(T)];
    ASSERT_EQ(BitsOf(result[i]), BitsOf(expected)) << "element " << i << " offset " << offsets[i];
  }
}

TEST(GatherTest, FloatGatherFollowsShuffledByteOffsets) { CheckGather<float>(200, 0); }
TEST(GatherTest, FloatGatherAddsTheByteBaseAddress) { CheckGather<float>(256, 40); }
// More than one repeat of 64 offsets: the half results of a repeat fill 128 bytes, not 256.
TEST(GatherTest, HalfGatherFollowsShuffledByteOffsets) { CheckGather<half>(320, 0); }
TEST(GatherTest, HalfGatherAddsTheByteBaseAddress) { CheckGather<half>(256, 48); }

// An element past the source buffer is read from the bytes that follow it, as on the NPU: here
// dst's buffer, which nothing has written yet.
TEST(GatherTest, OffsetPastTheSourceBufferReadsTheFollowingBytesWithAWarning) {
  const auto source = simtest::Convert<float>(simtest::RandomFloats(kGatherSrc, -1.0f, 1.0f, 63));
  auto offsets = ShuffledByteOffsets<float>(64, kGatherSrc, 64);
  offsets[17] = kGatherSrc * sizeof(float);  // one element past the end
  std::vector<float> result;
  const auto outcome = RunGather(source, offsets, 0, result);
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(outcome.diagnostics.size(), 2u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(outcome.diagnostics[1].kind, "uninitialized-read");
}

TEST(GatherTest, BaseAddressPastTheSourceBufferReadsTheFollowingBytesWithAWarning) {
  const auto source = simtest::Convert<half>(simtest::RandomFloats(kGatherSrc, -1.0f, 1.0f, 65));
  const auto offsets = ShuffledByteOffsets<half>(64, 64, 66);
  std::vector<half> result;
  const auto outcome = RunGather(source, offsets, (kGatherSrc - 32) * sizeof(half), result);
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_FALSE(outcome.diagnostics.empty()) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
}

TEST(GatherTest, OffsetThatIsNotAnElementMultipleIsMisaligned) {
  const auto source = simtest::Convert<float>(simtest::RandomFloats(kGatherSrc, -1.0f, 1.0f, 67));
  auto offsets = ShuffledByteOffsets<float>(64, kGatherSrc, 68);
  offsets[3] += 2;
  std::vector<float> result;
  const auto outcome = RunGather(source, offsets, 0, result);
  EXPECT_TRUE(outcome.HasKind("misaligned-address")) << outcome.Describe();
}

// ---- GatherMask ---------------------------------------------------------------------------------

// The documented built-in patterns, per element index within a repeat.
bool PatternKeeps(uint8_t pattern, uint32_t index) {
  switch (pattern) {
    case 1: return index % 2 == 0;
    case 2: return index % 2 == 1;
    case 3: return index % 4 == 0;
    case 4: return index % 4 == 1;
    case 5: return index % 4 == 2;
    case 6: return index % 4 == 3;
    case 7: return true;
  }
  ADD_FAILURE() << "no built-in pattern " << int(pattern);
  return false;
}

constexpr uint32_t kMaskSrcBytes = 4 * 256;

// GatherMask over a kMaskSrcBytes src0 into a dst prefilled with `sentinel`. `pattern` empty
// selects the built-in pattern `builtin`; otherwise it is the user pattern tensor's contents.
template <class T, class U = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>>
simtest::LaunchOutcome RunGatherMask(const std::vector<T>& source, uint8_t builtin, const std::vector<U>& pattern,
                                     bool reduceMode, uint32_t mask, const GatherMaskParams& params, T sentinel,
                                     std::vector<T>& result, uint64_t& kept) {
  constexpr uint32_t kElements = kMaskSrcBytes / sizeof(T);
  simtest::GmBuffer<T> src(source), dst(std::vector<T>(kElements, sentinel));
  std::vector<U> patternData = pattern.empty() ? std::vector<U>(64 / sizeof(U), 0) : pattern;
  simtest::GmBuffer<U> pat(patternData);
  kept = ~uint64_t(0);
  auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, patBuf;
    pipe.InitBuffer(srcBuf, kMaskSrcBytes);
    pipe.InitBuffer(dstBuf, kMaskSrcBytes);
    pipe.InitBuffer(patBuf, patternData.size() * sizeof(U));
    GlobalTensor<T> srcGm, dstGm;
    GlobalTensor<U> patGm;
    srcGm.SetGlobalBuffer((__gm__ T*)src.addr(), kElements);
    dstGm.SetGlobalBuffer((__gm__ T*)dst.addr(), kElements);
    patGm.SetGlobalBuffer((__gm__ U*)pat.addr(), patternData.size());
    LocalTensor<T> srcLocal = srcBuf.Get<T>(), dstLocal = dstBuf.Get<T>();
    LocalTensor<U> patLocal = patBuf.Get<U>();
    DataCopy(srcLocal, srcGm, kElements);
    DataCopy(dstLocal, dstGm, kElements);
    DataCopy(patLocal, patGm, patternData.size());
    if (pattern.empty()) {
      GatherMask(dstLocal, srcLocal, builtin, reduceMode, mask, params, kept);
    } else {
      GatherMask(dstLocal, srcLocal, patLocal, reduceMode, mask, params, kept);
    }
    DataCopy(dstGm, dstLocal, kElements);
  });
  result = dst.values();
  return outcome;
}

// Checks dst = the kept elements in order, rsvdCnt = their number, and the rest of dst untouched.
template <class T>
void ExpectPacked(const std::vector<T>& result, uint64_t kept, const std::vector<T>& expected, T sentinel,
                  const std::string& what) {
  ASSERT_EQ(kept, expected.size()) << what << ": rsvdCnt";
  for (size_t i = 0; i < result.size(); ++i) {
    const T want = i < expected.size() ? expected[i] : sentinel;
    ASSERT_EQ(BitsOf(result[i]), BitsOf(want)) << what << ": dst element " << i;
  }
}

template <class T>
void CheckBuiltinPatterns() {
  constexpr uint32_t kElements = kMaskSrcBytes / sizeof(T);
  constexpr uint32_t kLanes = 256 / sizeof(T);
  const auto source = simtest::Convert<T>(simtest::RandomFloats(kElements, -100.0f, 100.0f, 71));
  const T sentinel = T(12345.0f);
  for (uint8_t pattern = 1; pattern <= 7; ++pattern) {
    // Three repeats; the second and third read src0 from repeat stride 8 blocks (contiguous).
    std::vector<T> result, expected;
    uint64_t kept = 0;
    const auto outcome = RunGatherMask<T>(source, pattern, {}, false, 0, {1, 3, 8, 0}, sentinel, result, kept);
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
    for (uint32_t repeat = 0; repeat < 3; ++repeat) {
      for (uint32_t index = 0; index < kLanes; ++index) {
        if (PatternKeeps(pattern, index)) expected.push_back(source[repeat * kLanes + index]);
      }
    }
    ExpectPacked(result, kept, expected, sentinel, "pattern " + std::to_string(pattern));
  }
}

TEST(GatherMaskTest, FloatBuiltinPatternsKeepTheDocumentedElements) { CheckBuiltinPatterns<float>(); }
TEST(GatherMaskTest, HalfBuiltinPatternsKeepTheDocumentedElements) { CheckBuiltinPatterns<half>(); }

// The documented example: src = 1..256 in half, pattern 2 (odd indices) gives 2, 4, ..., 256.
TEST(GatherMaskTest, HalfOddPatternOverTwoRepeatsGivesEvenNumbers) {
  std::vector<half> source(kMaskSrcBytes / sizeof(half), half(0.0f));
  for (uint32_t i = 0; i < 256; ++i) source[i] = half(float(i + 1));
  std::vector<half> result;
  uint64_t kept = 0;
  const auto outcome = RunGatherMask<half>(source, 2, {}, false, 0, {1, 2, 8, 0}, half(-1.0f), result, kept);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(kept, 128u);
  for (uint32_t i = 0; i < 128; ++i) ASSERT_EQ(float(result[i]), float(2 * (i + 1))) << i;
}

// Block stride 2 and repeat stride 16: src0 element `index` of repeat r lives at block
// r*16 + (index/8)*2, element index%8 (float).
TEST(GatherMaskTest, BlockAndRepeatStridesPickSourceElements) {
  constexpr uint32_t kElements = kMaskSrcBytes / sizeof(float);
  const auto source = simtest::RandomFloats(kElements, -1.0f, 1.0f, 72);
  std::vector<float> result, expected;
  uint64_t kept = 0;
  const auto outcome = RunGatherMask<float>(source, 3, {}, false, 0, {2, 2, 16, 0}, -9.0f, result, kept);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t repeat = 0; repeat < 2; ++repeat) {
    for (uint32_t index = 0; index < 64; index += 4) {
      expected.push_back(source[(repeat * 16 + (index / 8) * 2) * 8 + index % 8]);
    }
  }
  ExpectPacked(result, kept, expected, -9.0f, "strided");
}

template <class T>
void CheckUserPattern() {
  using U = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  constexpr uint32_t kElements = kMaskSrcBytes / sizeof(T);
  constexpr uint32_t kLanes = 256 / sizeof(T);
  const auto source = simtest::Convert<T>(simtest::RandomFloats(kElements, -100.0f, 100.0f, 81));
  // Two pattern blocks of 32 bytes; src1RepeatStride 1 moves repeat r to block r.
  std::mt19937 generator(82);
  std::vector<U> pattern(64 / sizeof(U));
  for (U& word : pattern) word = U(generator());
  const auto* patternBytes = reinterpret_cast<const uint8_t*>(pattern.data());
  std::vector<T> result, expected;
  uint64_t kept = 0;
  const T sentinel = T(-777.0f);
  const auto outcome = RunGatherMask<T>(source, 0, pattern, false, 0, {1, 2, 8, 1}, sentinel, result, kept);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t repeat = 0; repeat < 2; ++repeat) {
    for (uint32_t index = 0; index < kLanes; ++index) {
      if ((patternBytes[repeat * 32 + index / 8] >> (index % 8)) & 1) expected.push_back(source[repeat * kLanes + index]);
    }
  }
  ExpectPacked(result, kept, expected, sentinel, "user pattern");
}

TEST(GatherMaskTest, FloatUserPatternKeepsElementsWhoseBitIsSet) { CheckUserPattern<float>(); }
TEST(GatherMaskTest, HalfUserPatternKeepsElementsWhoseBitIsSet) { CheckUserPattern<half>(); }

// reduceMode=true (counter mode): each repeat covers `mask` elements; here one repeat of 40.
TEST(GatherMaskTest, CounterModeStopsAfterMaskElements) {
  constexpr uint32_t kElements = kMaskSrcBytes / sizeof(float);
  const auto source = simtest::RandomFloats(kElements, -1.0f, 1.0f, 91);
  std::vector<uint32_t> pattern(16, 0xFFFFFFFFu);
  std::vector<float> result, expected;
  uint64_t kept = 0;
  const auto outcome = RunGatherMask<float>(source, 0, pattern, true, 40, {1, 1, 8, 0}, -5.0f, result, kept);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  expected.assign(source.begin(), source.begin() + 40);
  ExpectPacked(result, kept, expected, -5.0f, "counter mode");
}

// Kernels compact in place: dst may be src0 itself.
TEST(GatherMaskTest, InPlaceCompactionReadsBeforeWriting) {
  const auto values = simtest::RandomFloats(128, -1.0f, 1.0f, 92);
  simtest::GmBuffer<float> data(values);
  uint64_t kept = 0;
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 128 * sizeof(float));
    GlobalTensor<float> gm;
    gm.SetGlobalBuffer((__gm__ float*)data.addr(), 128);
    LocalTensor<float> local = buf.Get<float>();
    DataCopy(local, gm, 128);
    GatherMask(local, local, 2, false, 0, {1, 2, 8, 0}, kept);
    DataCopy(gm, local, 128);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(kept, 64u);
  const auto result = data.values();
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(result[i], values[2 * i + 1]) << i;
}

// GatherMask leaves the vector mask in normal mode: a later level-0 Duplicate with mask length 8 and
// two repeats then writes 8 elements in each repeat, not 8 elements in all (counter mode).
TEST(GatherMaskTest, LeavesTheMaskRegisterInNormalMode) {
  const auto values = simtest::RandomFloats(128, -1.0f, 1.0f, 95);
  simtest::GmBuffer<float> data(values), filled(std::vector<float>(128, 0.0f));
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, fillBuf;
    pipe.InitBuffer(srcBuf, 128 * sizeof(float));
    pipe.InitBuffer(dstBuf, 128 * sizeof(float));
    pipe.InitBuffer(fillBuf, 128 * sizeof(float));
    GlobalTensor<float> gm, fillGm;
    gm.SetGlobalBuffer((__gm__ float*)data.addr(), 128);
    fillGm.SetGlobalBuffer((__gm__ float*)filled.addr(), 128);
    LocalTensor<float> src = srcBuf.Get<float>(), dst = dstBuf.Get<float>(), fill = fillBuf.Get<float>();
    DataCopy(src, gm, 128);
    DataCopy(fill, fillGm, 128);
    uint64_t kept = 0;
    SetMaskCount();
    GatherMask(dst, src, 7, true, 64, {1, 1, 8, 0}, kept);
    Duplicate(fill, 3.0f, uint64_t(8), 2, 1, 8);
    DataCopy(fillGm, fill, 128);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto result = filled.values();
  for (uint32_t i = 0; i < 128; ++i) {
    ASSERT_EQ(result[i], i % 64 < 8 ? 3.0f : 0.0f) << "element " << i;
  }
}

TEST(GatherMaskTest, UndefinedBuiltinPatternsAreRejected) {
  const auto source = simtest::RandomFloats(kMaskSrcBytes / sizeof(float), -1.0f, 1.0f, 93);
  for (uint8_t pattern : {uint8_t(0), uint8_t(8)}) {
    std::vector<float> result;
    uint64_t kept = 0;
    const auto outcome = RunGatherMask<float>(source, pattern, {}, false, 0, {1, 1, 8, 0}, 0.0f, result, kept);
    EXPECT_TRUE(outcome.HasKind("bad-parameter")) << "pattern " << int(pattern) << ": " << outcome.Describe();
  }
}

// The fifth repeat reads the bytes after the source, dst's, which the kernel filled with sentinels.
TEST(GatherMaskTest, RepeatsPastTheSourceReadTheFollowingBytesWithAWarning) {
  const auto source = simtest::RandomFloats(kMaskSrcBytes / sizeof(float), -1.0f, 1.0f, 94);
  std::vector<float> result;
  uint64_t kept = 0;
  const auto outcome = RunGatherMask<float>(source, 7, {}, false, 0, {1, 5, 8, 0}, 0.0f, result, kept);
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(outcome.diagnostics.size(), 1u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
}

}  // namespace
