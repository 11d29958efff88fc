#include <gtest/gtest.h>

#include <cstring>
#include <source_location>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

using simtest::RunOnUb;
// `dst = a op b` over a 256-element dst, with a and b the two halves of src.
template <class T, class Assign, class Reference>
void CheckArithmetic(const char* name, const std::vector<T>& sources, Assign assign, Reference reference) {
  const uint32_t size = uint32_t(sources.size() / 2);
  const auto run = RunOnUb<T, T>(sources, std::vector<T>(size),
                                 [&](LocalTensor<T> dst, const LocalTensor<T>& src) { assign(dst, src, src[size]); });
  ASSERT_EQ(run.outcome.status, 0) << name << ": " << run.outcome.Describe();
  for (uint32_t i = 0; i < size; ++i) {
    const T expected = reference(sources[i], sources[size + i]);
    ASSERT_EQ(std::memcmp(&run.dst[i], &expected, sizeof(T)), 0) << name << " element " << i;
  }
}

template <class T>
void CheckFloatingOperators(uint32_t seed) {
  auto sources = simtest::Convert<T>(simtest::RandomFloats(512, -4.0f, 4.0f, seed));
  for (uint32_t i = 256; i < 512; ++i) {
    if (float(sources[i]) == 0.0f) sources[i] = T(1.0f);
  }
  const auto rounded = [](float value) { return T(value); };
  CheckArithmetic<T>(
      "+", sources, [](auto dst, auto a, auto b) { dst = a + b; },
      [&](T a, T b) { return rounded(float(a) + float(b)); });
  CheckArithmetic<T>(
      "-", sources, [](auto dst, auto a, auto b) { dst = a - b; },
      [&](T a, T b) { return rounded(float(a) - float(b)); });
  CheckArithmetic<T>(
      "*", sources, [](auto dst, auto a, auto b) { dst = a * b; },
      [&](T a, T b) { return rounded(float(a) * float(b)); });
  CheckArithmetic<T>(
      "/", sources, [](auto dst, auto a, auto b) { dst = a / b; },
      [&](T a, T b) { return rounded(float(a) / float(b)); });
}

TEST(OperatorsTest, ArithmeticOperatorsMatchReference) {
  CheckFloatingOperators<half>(1);
  CheckFloatingOperators<float>(2);
}

template <class T>
void CheckBitwiseOperators(uint32_t seed) {
  std::vector<T> sources;
  for (float value : simtest::RandomFloats(512, 0.0f, 65535.0f, seed)) sources.push_back(T(uint32_t(value) * 40503u));
  CheckArithmetic<T>(
      "&", sources, [](auto dst, auto a, auto b) { dst = a & b; }, [](T a, T b) { return T(a & b); });
  CheckArithmetic<T>(
      "|", sources, [](auto dst, auto a, auto b) { dst = a | b; }, [](T a, T b) { return T(a | b); });
}

TEST(OperatorsTest, BitwiseOperatorsOnSixteenAndThirtyTwoBitIntegers) {
  CheckBitwiseOperators<uint16_t>(3);
  CheckBitwiseOperators<int16_t>(4);
  CheckBitwiseOperators<int32_t>(5);
  CheckBitwiseOperators<uint32_t>(6);
}

// `mask = a cmp b` sets bit i (little-endian within each byte) when element i compares true.
template <class Assign>
void CheckCompare(const char* name, Assign assign, bool (*reference)(float, float)) {
  constexpr uint32_t kSize = 128;
  auto sources = simtest::RandomFloats(2 * kSize, -2.0f, 2.0f, 7);
  for (uint32_t i = 0; i < kSize; i += 5) sources[kSize + i] = sources[i];  // some equal pairs
  const auto run = RunOnUb<uint8_t, float>(sources, std::vector<uint8_t>(32, 0xee),
                                           [&](LocalTensor<uint8_t> dst, const LocalTensor<float>& src) {
                                             LocalTensor<float> a = src;
                                             a.SetSize(kSize);
                                             assign(dst, a, src[kSize]);
                                           });
  ASSERT_EQ(run.outcome.status, 0) << name << ": " << run.outcome.Describe();
  for (uint32_t i = 0; i < kSize; ++i) {
    const bool bit = (run.dst[i / 8] >> (i % 8)) & 1;
    ASSERT_EQ(bit, reference(sources[i], sources[kSize + i])) << name << " element " << i;
  }
  for (uint32_t byte = kSize / 8; byte < 32; ++byte) ASSERT_EQ(run.dst[byte], 0xee) << name << " byte " << byte;
}

TEST(OperatorsTest, CompareOperatorsWriteBitMasks) {
  CheckCompare(
      "<", [](auto dst, auto a, auto b) { dst = a < b; }, [](float a, float b) { return a < b; });
  CheckCompare(
      ">", [](auto dst, auto a, auto b) { dst = a > b; }, [](float a, float b) { return a > b; });
  CheckCompare(
      "==", [](auto dst, auto a, auto b) { dst = a == b; }, [](float a, float b) { return a == b; });
  CheckCompare(
      "<=", [](auto dst, auto a, auto b) { dst = a <= b; }, [](float a, float b) { return a <= b; });
  CheckCompare(
      ">=", [](auto dst, auto a, auto b) { dst = a >= b; }, [](float a, float b) { return a >= b; });
  CheckCompare(
      "!=", [](auto dst, auto a, auto b) { dst = a != b; }, [](float a, float b) { return a != b; });
}

// dst.GetSize() sets the count, so a dst larger than the sources reads past them (a warning, as the
// NPU reads on); the diagnostic names the kernel's line, not the operator header.
TEST(OperatorsTest, OversizedDestinationIsReportedAtTheKernelLine) {
  const std::vector<float> sources(128, 1.0f);
  uint32_t line = 0;
  const auto run = RunOnUb<float, float>(sources, std::vector<float>(256),
                                         [&](LocalTensor<float> dst, const LocalTensor<float>& src) {
                                           line = std::source_location::current().line() + 1;
                                           dst = src + src[64];
                                         });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  ASSERT_TRUE(run.outcome.HasKind("ub-out-of-bounds")) << run.outcome.Describe();
  EXPECT_EQ(run.outcome.diagnostics.front().severity, ascendc_sim::Severity::kWarning);
  EXPECT_NE(run.outcome.diagnostics.front().file.find("operators_test.cpp"), std::string::npos);
  EXPECT_EQ(run.outcome.diagnostics.front().line, line);
}

}  // namespace
