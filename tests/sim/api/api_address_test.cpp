// Basic APIs passed as template arguments of CANN's exact function types (as Foreach kernels do)
// select the address forms, which compute like the call forms; direct calls keep the call forms.
#include <gtest/gtest.h>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

template <typename T>
using BinaryOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);
template <typename T>
using ScalarOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const T&, const int32_t&);
template <typename T>
using UnaryOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);

// Level 0 with a contiguous mask and with a bit mask, as CANN declares them.
template <typename T>
using Level0BinaryOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, uint64_t,
                            const uint8_t, const BinaryRepeatParams&);
template <typename T>
using Level0BitMaskBinaryOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&,
                                   const uint64_t[], const uint8_t, const BinaryRepeatParams&);

template <BinaryOp<float>* binary, ScalarOp<float>* scalar, UnaryOp<float>* unary>
std::vector<float> Chain(const std::vector<float>& input) {
  const auto run = simtest::RunOnUb<float, float>(input, input, [&](const LocalTensor<float>& dst,
                                                                    const LocalTensor<float>& src) {
    binary(dst, src, src, int32_t(input.size()));  // src + src
    scalar(dst, dst, 0.5f, int32_t(input.size()));  // * 0.5
    unary(dst, dst, int32_t(input.size()));          // sqrt
  });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  return run.dst;
}

TEST(ApiAddressTest, FunctionPointersOfCannTypesComputeLikeCalls) {
  const std::vector<float> input = {1.0f, 4.0f, 9.0f, 16.0f, 25.0f, 36.0f, 49.0f, 64.0f};
  EXPECT_EQ((Chain<Add<float>, Muls<float>, Sqrt<float>>(input)),
            (std::vector<float>{1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f}));
}

// Foreach kernels apply a level-0 Div or Sub through a pointer: dst = src / 2 over the first 10
// lanes of each of two repeats, then dst - 1 over the lanes the bit mask selects.
template <Level0BinaryOp<float>* divide, Level0BitMaskBinaryOp<float>* subtract>
std::vector<float> Level0Chain(const std::vector<float>& input) {
  const auto run = simtest::RunOnUb<float, float>(input, std::vector<float>(input.size(), 0.0f),
                                                  [&](const LocalTensor<float>& dst, const LocalTensor<float>& src) {
                                                    const BinaryRepeatParams twos(1, 1, 0, 8, 8, 0);
                                                    LocalTensor<float> two = dst[input.size() - 8];
                                                    Duplicate(two, 2.0f, 8);
                                                    divide(dst, src, two, 10, 2, twos);
                                                    const uint64_t lanes[2] = {0b101, 0};
                                                    Duplicate(two, 1.0f, 8);
                                                    subtract(dst, dst, two, lanes, 1, twos);
                                                  });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  return run.dst;
}

TEST(ApiAddressTest, Level0FunctionPointersOfCannTypesComputeLikeCalls) {
  std::vector<float> input(128);
  for (size_t i = 0; i < input.size(); ++i) input[i] = float(i);
  const std::vector<float> result = Level0Chain<Div<float>, Sub<float>>(input);
  for (size_t i = 0; i < 120; ++i) {
    const size_t lane = i % 64;
    const float divided = lane < 10 ? input[i] / 2.0f : 0.0f;
    EXPECT_EQ(result[i], i < 64 && (lane == 0 || lane == 2) ? divided - 1.0f : divided) << i;
  }
}

TEST(ApiAddressTest, Level0CallsWithCannTypedOperandsStillNameTheCallingLine) {
  uint32_t callLine = 0;
  const auto run = simtest::RunOnUb<float, float>(std::vector<float>(8, 1.0f), std::vector<float>(8, 0.0f),
                                                  [&](const LocalTensor<float>& dst, const LocalTensor<float>& src) {
                                                    const uint64_t mask = 64;
                                                    const uint8_t repeats = 1;
                                                    const BinaryRepeatParams params;
                                                    callLine = std::source_location::current().line() + 1;
                                                    Sub<float>(dst, src, src, mask, repeats, params);
                                                  });
  ASSERT_TRUE(run.outcome.HasKind("ub-out-of-bounds")) << run.outcome.Describe();
  EXPECT_EQ(run.outcome.diagnostics.at(0).severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(run.outcome.diagnostics.at(0).line, callLine);
}

TEST(ApiAddressTest, DirectCallsStillNameTheCallingLine) {
  uint32_t callLine = 0;
  const auto run = simtest::RunOnUb<float, float>(std::vector<float>(8, 1.0f), std::vector<float>(8, 0.0f),
                                                  [&](const LocalTensor<float>& dst, const LocalTensor<float>& src) {
                                                    callLine = std::source_location::current().line() + 1;
                                                    Adds<float>(dst, src, 1.0f, 64);
                                                  });
  ASSERT_TRUE(run.outcome.HasKind("ub-out-of-bounds")) << run.outcome.Describe();
  EXPECT_EQ(run.outcome.diagnostics.at(0).severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(run.outcome.diagnostics.at(0).line, callLine);
}

}  // namespace
