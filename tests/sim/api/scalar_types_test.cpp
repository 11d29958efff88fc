// half and bfloat16_t conversions against independent references: GCC's IEEE _Float16 and an
// exact round-to-nearest-even computed in double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "kernel_operator.h"

namespace {

uint16_t ReferenceHalfBits(float value) {
  const _Float16 converted = static_cast<_Float16>(value);
  uint16_t bits;
  std::memcpy(&bits, &converted, sizeof(bits));
  return bits;
}

// Nearest bfloat16 by exhaustive neighbour comparison in double, ties to the even pattern.
uint16_t ReferenceBfloat16Bits(float value) {
  uint32_t x;
  std::memcpy(&x, &value, sizeof(x));
  const uint16_t down = uint16_t(x >> 16);
  const uint16_t up = uint16_t(down + 1);
  auto widen = [](uint16_t bits) {
    const uint32_t wide = uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &wide, sizeof(f));
    return double(f);
  };
  const double distanceDown = std::fabs(double(value) - widen(down));
  const double distanceUp = std::fabs(double(value) - widen(up));
  if (distanceDown < distanceUp) return down;
  if (distanceUp < distanceDown) return up;
  return (down & 1u) ? up : down;
}

TEST(ScalarTypesTest, EveryHalfRoundTripsThroughFloat) {
  for (uint32_t bits = 0; bits < 0x10000u; ++bits) {
    const half value = half::FromBits(uint16_t(bits));
    const float widened = float(value);
    _Float16 reference;
    const uint16_t raw = uint16_t(bits);
    std::memcpy(&reference, &raw, sizeof(raw));
    if (std::isnan(widened)) {
      EXPECT_TRUE(std::isnan(float(reference))) << bits;
      continue;
    }
    ASSERT_EQ(widened, float(reference)) << "bits " << bits;
    ASSERT_EQ(half(widened).bits, raw) << "bits " << bits;
  }
}

TEST(ScalarTypesTest, FloatToHalfRoundsToNearestEvenLikeIeee) {
  std::mt19937 engine(7);
  std::uniform_int_distribution<uint32_t> patterns;
  for (int i = 0; i < 200000; ++i) {
    const uint32_t x = patterns(engine);
    float value;
    std::memcpy(&value, &x, sizeof(value));
    if (std::isnan(value)) continue;
    ASSERT_EQ(half(value).bits, ReferenceHalfBits(value)) << value;
  }
  for (float edge : {65504.0f, 65519.99f, 65520.0f, 6.1035156e-05f, 5.9604645e-08f, 2.9802322e-08f,
                     2.9802326e-08f, -0.0f, std::numeric_limits<float>::infinity(), 1.0009765625f,
                     1.00048828125f, 1.00146484375f}) {
    EXPECT_EQ(half(edge).bits, ReferenceHalfBits(edge)) << edge;
  }
}

TEST(ScalarTypesTest, FloatToBfloat16RoundsToNearestEven) {
  std::mt19937 engine(11);
  std::uniform_int_distribution<uint32_t> patterns;
  for (int i = 0; i < 200000; ++i) {
    const uint32_t x = patterns(engine);
    float value;
    std::memcpy(&value, &x, sizeof(value));
    if (std::isnan(value) || std::isinf(value) || std::fabs(value) > 3.38e38f) continue;
    ASSERT_EQ(bfloat16_t(value).bits, ReferenceBfloat16Bits(value)) << value;
  }
  EXPECT_TRUE(std::isnan(float(bfloat16_t(std::numeric_limits<float>::quiet_NaN()))));
}

TEST(ScalarTypesTest, SixteenBitTypesConvertToEachOtherThroughFloat) {
  const half h = 3.140625f;
  const bfloat16_t b = h;
  EXPECT_EQ(float(b), 3.140625f);
  const half back = b;
  EXPECT_EQ(float(back), 3.140625f);
  EXPECT_EQ(AscendC::ToFloat(AscendC::ToBfloat16(1.5f)), 1.5f);
}

TEST(ScalarTypesTest, RealKernelAliasesNameTheNpuTypes) {
  static_assert(std::is_same_v<float16_t, half>);
  static_assert(std::is_same_v<float32_t, float>);
  static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2);
  EXPECT_EQ(AscendC::DivCeil(10, 4), 3u);
  EXPECT_EQ(AscendC::AlignUp(10, 8), 16u);
}

}  // namespace
