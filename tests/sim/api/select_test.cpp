#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

// Buffers hold three full repeats of either type; counts below cover two and a half repeats so the
// modes that reuse one repeat's mask bits (VSEL_CMPMASK_SPR) and those that consume them
// sequentially give different results.
constexpr uint32_t kBufferBytes = 3 * 256;
constexpr uint32_t kMaskBytes = 64;

std::vector<uint8_t> RandomMaskBytes(uint32_t seed) {
  std::mt19937 generator(seed);
  std::vector<uint8_t> bytes(kMaskBytes);
  for (uint8_t& byte : bytes) byte = uint8_t(generator());
  return bytes;
}

bool MaskBit(const std::vector<uint8_t>& bytes, uint64_t bit) { return (bytes[bit / 8] >> (bit % 8)) & 1; }

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

// Selects with a selMask tensor of element type U, src1 a tensor or (when `scalar` is set) a scalar.
// dst starts filled with `sentinel` so elements beyond `count` must stay untouched.
template <class T, class U = uint8_t>
simtest::LaunchOutcome RunSelect(SELMODE mode, const std::vector<T>& a, const std::vector<T>& b,
                                 const std::vector<uint8_t>& maskBytes, uint32_t count, const T* scalar, T sentinel,
                                 std::vector<T>& result) {
  constexpr uint32_t kElements = kBufferBytes / sizeof(T);
  simtest::GmBuffer<T> x(a), y(b), z(std::vector<T>(kElements, sentinel));
  simtest::GmBuffer<uint8_t> m(maskBytes);
  auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, yBuf, zBuf, maskBuf;
    pipe.InitBuffer(xBuf, kBufferBytes);
    pipe.InitBuffer(yBuf, kBufferBytes);
    pipe.InitBuffer(zBuf, kBufferBytes);
    pipe.InitBuffer(maskBuf, kMaskBytes);
    GlobalTensor<T> xGm, yGm, zGm;
    GlobalTensor<uint8_t> maskGm;
    xGm.SetGlobalBuffer((__gm__ T*)x.addr(), kElements);
    yGm.SetGlobalBuffer((__gm__ T*)y.addr(), kElements);
    zGm.SetGlobalBuffer((__gm__ T*)z.addr(), kElements);
    maskGm.SetGlobalBuffer((__gm__ uint8_t*)m.addr(), kMaskBytes);
    LocalTensor<T> xs = xBuf.Get<T>(), ys = yBuf.Get<T>(), zs = zBuf.Get<T>();
    LocalTensor<uint8_t> maskBytesLocal = maskBuf.Get<uint8_t>();
    DataCopy(xs, xGm, kElements);
    DataCopy(ys, yGm, kElements);
    DataCopy(zs, zGm, kElements);
    DataCopy(maskBytesLocal, maskGm, kMaskBytes);
    LocalTensor<U> selMask = maskBytesLocal.template ReinterpretCast<U>();
    if (scalar) {
      Select(zs, selMask, xs, *scalar, mode, count);
    } else {
      Select(zs, selMask, xs, ys, mode, count);
    }
    DataCopy(zGm, zs, kElements);
  });
  result = z.values();
  return outcome;
}

template <class T>
void CheckSelectModes() {
  constexpr uint32_t kElements = kBufferBytes / sizeof(T);
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kCount = kLanes * 2 + kLanes / 2;
  const auto a = simtest::Convert<T>(simtest::RandomFloats(kElements, 1.0f, 2.0f, 11));
  const auto b = simtest::Convert<T>(simtest::RandomFloats(kElements, -2.0f, -1.0f, 12));
  const auto maskBytes = RandomMaskBytes(13);
  const T sentinel = T(99.0f);
  const T scalar = T(-0.25f);

  std::vector<T> spr, tensorTensor, tensorScalar;
  auto outcome = RunSelect<T>(SELMODE::VSEL_CMPMASK_SPR, a, b, maskBytes, kCount, nullptr, sentinel, spr);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  outcome = RunSelect<T>(SELMODE::VSEL_TENSOR_TENSOR_MODE, a, b, maskBytes, kCount, nullptr, sentinel, tensorTensor);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  outcome = RunSelect<T>(SELMODE::VSEL_TENSOR_SCALAR_MODE, a, b, maskBytes, kCount, &scalar, sentinel, tensorScalar);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();

  uint32_t modesDiffer = 0;
  for (uint32_t i = 0; i < kElements; ++i) {
    if (i >= kCount) {
      ASSERT_EQ(BitsOf(spr[i]), BitsOf(sentinel)) << "element " << i << " is past count";
      ASSERT_EQ(BitsOf(tensorTensor[i]), BitsOf(sentinel)) << "element " << i << " is past count";
      ASSERT_EQ(BitsOf(tensorScalar[i]), BitsOf(sentinel)) << "element " << i << " is past count";
      continue;
    }
    // Mode 0: every repeat reuses the first kLanes bits; modes 1 and 2: bit i for element i.
    const T expectedSpr = MaskBit(maskBytes, i % kLanes) ? a[i] : b[i];
    const T expectedTensor = MaskBit(maskBytes, i) ? a[i] : b[i];
    const T expectedScalar = MaskBit(maskBytes, i) ? a[i] : scalar;
    ASSERT_EQ(BitsOf(spr[i]), BitsOf(expectedSpr)) << "VSEL_CMPMASK_SPR element " << i;
    ASSERT_EQ(BitsOf(tensorTensor[i]), BitsOf(expectedTensor)) << "VSEL_TENSOR_TENSOR_MODE element " << i;
    ASSERT_EQ(BitsOf(tensorScalar[i]), BitsOf(expectedScalar)) << "VSEL_TENSOR_SCALAR_MODE element " << i;
    if (i < kLanes) {
      ASSERT_EQ(BitsOf(spr[i]), BitsOf(tensorTensor[i])) << "the first repeat uses the same bits in every mode";
    }
    modesDiffer += BitsOf(spr[i]) != BitsOf(tensorTensor[i]);
  }
  // Random bits: later repeats of mode 0 must differ from the sequential modes somewhere.
  EXPECT_GT(modesDiffer, kLanes / 8);
}

TEST(SelectTest, HalfModesUseMaskBitsAsDocumented) { CheckSelectModes<half>(); }
TEST(SelectTest, FloatModesUseMaskBitsAsDocumented) { CheckSelectModes<float>(); }

// The selMask element type only changes how the same bytes are viewed.
TEST(SelectTest, WiderMaskTensorTypesReadTheSameBits) {
  constexpr uint32_t kCount = 160;
  const auto a = simtest::RandomFloats(192, 0.0f, 1.0f, 21);
  const auto b = simtest::RandomFloats(192, 5.0f, 6.0f, 22);
  const auto maskBytes = RandomMaskBytes(23);
  std::vector<float> viaU8, viaU16, viaU32, viaU64;
  const auto run = [&](auto maskTag, std::vector<float>& result) {
    using U = decltype(maskTag);
    const auto outcome =
        RunSelect<float, U>(SELMODE::VSEL_TENSOR_TENSOR_MODE, a, b, maskBytes, kCount, nullptr, 0.0f, result);
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  };
  run(uint8_t(), viaU8);
  run(uint16_t(), viaU16);
  run(uint32_t(), viaU32);
  run(uint64_t(), viaU64);
  for (uint32_t i = 0; i < kCount; ++i) {
    const float expected = MaskBit(maskBytes, i) ? a[i] : b[i];
    ASSERT_EQ(viaU8[i], expected) << i;
    ASSERT_EQ(viaU16[i], expected) << i;
    ASSERT_EQ(viaU32[i], expected) << i;
    ASSERT_EQ(viaU64[i], expected) << i;
  }
}

// The where() idiom: Compare writes the bits, Select picks with them. min(x, y) over several repeats
// with the sequential mode, relu(x) with CompareScalar and the scalar mode, and one repeat with mode 0.
TEST(SelectTest, CompareThenSelectComputesElementwiseMinAndRelu) {
  constexpr uint32_t kCount = 512;
  const auto xs = simtest::Convert<half>(simtest::RandomFloats(kCount, -3.0f, 3.0f, 31));
  const auto ys = simtest::Convert<half>(simtest::RandomFloats(kCount, -3.0f, 3.0f, 32));
  simtest::GmBuffer<half> x(xs), y(ys), minOut(kCount), reluOut(kCount), oneRepeatOut(kCount);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, yBuf, minBuf, reluBuf, oneRepeatBuf, maskBuf, positiveBuf;
    pipe.InitBuffer(xBuf, kCount * sizeof(half));
    pipe.InitBuffer(yBuf, kCount * sizeof(half));
    pipe.InitBuffer(minBuf, kCount * sizeof(half));
    pipe.InitBuffer(reluBuf, kCount * sizeof(half));
    pipe.InitBuffer(oneRepeatBuf, kCount * sizeof(half));
    pipe.InitBuffer(maskBuf, kCount / 8);
    pipe.InitBuffer(positiveBuf, kCount / 8);
    GlobalTensor<half> xGm, yGm, minGm, reluGm, oneRepeatGm;
    xGm.SetGlobalBuffer((__gm__ half*)x.addr(), kCount);
    yGm.SetGlobalBuffer((__gm__ half*)y.addr(), kCount);
    minGm.SetGlobalBuffer((__gm__ half*)minOut.addr(), kCount);
    reluGm.SetGlobalBuffer((__gm__ half*)reluOut.addr(), kCount);
    oneRepeatGm.SetGlobalBuffer((__gm__ half*)oneRepeatOut.addr(), kCount);
    LocalTensor<half> xl = xBuf.Get<half>(), yl = yBuf.Get<half>(), minl = minBuf.Get<half>();
    LocalTensor<half> relul = reluBuf.Get<half>(), oneRepeat = oneRepeatBuf.Get<half>();
    LocalTensor<uint8_t> lessMask = maskBuf.Get<uint8_t>(), positiveMask = positiveBuf.Get<uint8_t>();
    DataCopy(xl, xGm, kCount);
    DataCopy(yl, yGm, kCount);
    Compare(lessMask, xl, yl, CMPMODE::LT, kCount);
    Select(minl, lessMask, xl, yl, SELMODE::VSEL_TENSOR_TENSOR_MODE, kCount);
    Select(oneRepeat, lessMask, xl, yl, SELMODE::VSEL_CMPMASK_SPR, 128);
    CompareScalar(positiveMask, xl, half(0.0f), CMPMODE::GT, kCount);
    Select(relul, positiveMask, xl, half(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, kCount);
    DataCopy(minGm, minl, kCount);
    DataCopy(reluGm, relul, kCount);
    DataCopy(oneRepeatGm, oneRepeat, 128);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto mins = minOut.values(), relus = reluOut.values(), oneRepeat = oneRepeatOut.values();
  for (uint32_t i = 0; i < kCount; ++i) {
    const half expectedMin = float(xs[i]) < float(ys[i]) ? xs[i] : ys[i];
    const half expectedRelu = float(xs[i]) > 0.0f ? xs[i] : half(0.0f);
    ASSERT_EQ(mins[i].bits, expectedMin.bits) << "min element " << i;
    ASSERT_EQ(relus[i].bits, expectedRelu.bits) << "relu element " << i;
    if (i < 128) {
      ASSERT_EQ(oneRepeat[i].bits, expectedMin.bits) << "one-repeat mode 0 element " << i;
    }
  }
}

// Level 0: a bitwise lane mask, two repeats with a source repeat stride of 16 blocks (every other
// 256 bytes). VSEL_TENSOR_TENSOR_MODE gives repeat r selMask bits r*64 .. r*64+63; VSEL_CMPMASK_SPR
// loads bits 0..63 into CMPMASK and reuses them in both repeats.
void CheckLevelZeroSelect(SELMODE mode) {
  const auto a = simtest::RandomFloats(256, 1.0f, 2.0f, 41);
  const auto b = simtest::RandomFloats(256, -2.0f, -1.0f, 42);
  const auto maskBytes = RandomMaskBytes(43);
  const uint64_t laneMask[2] = {0x00FF00FF0F0F0F0Full, 0};
  simtest::GmBuffer<float> x(a), y(b), z(std::vector<float>(128, 7.0f));
  simtest::GmBuffer<uint8_t> m(maskBytes);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, yBuf, zBuf, maskBuf;
    pipe.InitBuffer(xBuf, 256 * sizeof(float));
    pipe.InitBuffer(yBuf, 256 * sizeof(float));
    pipe.InitBuffer(zBuf, 128 * sizeof(float));
    pipe.InitBuffer(maskBuf, kMaskBytes);
    GlobalTensor<float> xGm, yGm, zGm;
    GlobalTensor<uint8_t> maskGm;
    xGm.SetGlobalBuffer((__gm__ float*)x.addr(), 256);
    yGm.SetGlobalBuffer((__gm__ float*)y.addr(), 256);
    zGm.SetGlobalBuffer((__gm__ float*)z.addr(), 128);
    maskGm.SetGlobalBuffer((__gm__ uint8_t*)m.addr(), kMaskBytes);
    LocalTensor<float> xs = xBuf.Get<float>(), ys = yBuf.Get<float>(), zs = zBuf.Get<float>();
    LocalTensor<uint8_t> selMask = maskBuf.Get<uint8_t>();
    DataCopy(xs, xGm, 256);
    DataCopy(ys, yGm, 256);
    DataCopy(zs, zGm, 128);
    DataCopy(selMask, maskGm, kMaskBytes);
    Select(zs, selMask, xs, ys, mode, laneMask, 2, {1, 1, 1, 8, 16, 16});
    DataCopy(zGm, zs, 128);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto result = z.values();
  for (uint32_t repeat = 0; repeat < 2; ++repeat) {
    for (uint32_t lane = 0; lane < 64; ++lane) {
      const uint32_t out = repeat * 64 + lane, in = repeat * 128 + lane;
      const uint32_t bit = mode == SELMODE::VSEL_CMPMASK_SPR ? lane : repeat * 64 + lane;
      const float expected = (laneMask[0] >> lane) & 1 ? (MaskBit(maskBytes, bit) ? a[in] : b[in]) : 7.0f;
      ASSERT_EQ(result[out], expected) << "repeat " << repeat << " lane " << lane;
    }
  }
}

TEST(SelectTest, LevelZeroTensorModeHonoursLaneMaskRepeatsAndStrides) {
  CheckLevelZeroSelect(SELMODE::VSEL_TENSOR_TENSOR_MODE);
}
TEST(SelectTest, LevelZeroCmpMaskModeReusesTheFirstRepeatBits) { CheckLevelZeroSelect(SELMODE::VSEL_CMPMASK_SPR); }

// The register form: a level-0 Compare fills CMPMASK, Select without selMask reads it, every repeat.
TEST(SelectTest, RegisterFormReusesCmpMaskFromLevelZeroCompare) {
  const auto a = simtest::RandomFloats(128, -1.0f, 1.0f, 51);
  const auto b = simtest::RandomFloats(128, -1.0f, 1.0f, 52);
  simtest::GmBuffer<float> x(a), y(b), z(128);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, yBuf, zBuf;
    pipe.InitBuffer(xBuf, 128 * sizeof(float));
    pipe.InitBuffer(yBuf, 128 * sizeof(float));
    pipe.InitBuffer(zBuf, 128 * sizeof(float));
    GlobalTensor<float> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x.addr(), 128);
    yGm.SetGlobalBuffer((__gm__ float*)y.addr(), 128);
    zGm.SetGlobalBuffer((__gm__ float*)z.addr(), 128);
    LocalTensor<float> xs = xBuf.Get<float>(), ys = yBuf.Get<float>(), zs = zBuf.Get<float>();
    DataCopy(xs, xGm, 128);
    DataCopy(ys, yGm, 128);
    Compare(xs, ys, CMPMODE::GT, uint64_t(64), {});  // bits of the first 64 elements only
    SetVectorMask<float>(0, ~uint64_t(0));
    Select<float, SELMODE::VSEL_CMPMASK_SPR>(zs, xs, ys, 2, {});
    ResetMask();
    DataCopy(zGm, zs, 128);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto result = z.values();
  for (uint32_t i = 0; i < 128; ++i) {
    const uint32_t lane = i % 64;
    ASSERT_EQ(result[i], a[lane] > b[lane] ? a[i] : b[i]) << "element " << i;
  }
}

TEST(SelectTest, ScalarOperandWithTensorModeIsRejected) {
  std::vector<float> result;
  const float scalar = 1.0f;
  const auto outcome = RunSelect<float>(SELMODE::VSEL_TENSOR_TENSOR_MODE, std::vector<float>(192, 0.0f),
                                        std::vector<float>(192, 0.0f), RandomMaskBytes(1), 64, &scalar, 0.0f, result);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

// Sequential modes need one mask bit per element: 1024 halves need 128 bytes but the mask has 64,
// so the NPU reads the next 64 bytes, which nothing wrote.
TEST(SelectTest, SelMaskShorterThanCountReadsTheFollowingBytesWithAWarning) {
  constexpr uint32_t kCount = 1024;
  simtest::GmBuffer<half> x(kCount);
  simtest::GmBuffer<uint8_t> m(kMaskBytes);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, maskBuf;
    pipe.InitBuffer(xBuf, kCount * sizeof(half));
    pipe.InitBuffer(maskBuf, kMaskBytes);
    LocalTensor<half> xs = xBuf.Get<half>();
    LocalTensor<uint8_t> selMask = maskBuf.Get<uint8_t>();
    Duplicate(xs, half(1.0f), kCount);
    Duplicate(selMask.ReinterpretCast<uint16_t>(), uint16_t(0xFFFF), kMaskBytes / 2);
    Select(xs, selMask, xs, xs, SELMODE::VSEL_TENSOR_TENSOR_MODE, kCount);
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(outcome.diagnostics.size(), 2u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_NE(outcome.diagnostics[0].message.find("accesses bytes [0, 128) of a 64-byte VECCALC buffer"),
            std::string::npos)
      << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[1].kind, "uninitialized-read");
}

}  // namespace
