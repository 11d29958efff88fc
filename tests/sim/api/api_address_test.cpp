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

TEST(ApiAddressTest, DirectCallsStillNameTheCallingLine) {
  uint32_t callLine = 0;
  const auto run = simtest::RunOnUb<float, float>(std::vector<float>(8, 1.0f), std::vector<float>(8, 0.0f),
                                                  [&](const LocalTensor<float>& dst, const LocalTensor<float>& src) {
                                                    callLine = std::source_location::current().line() + 1;
                                                    Adds<float>(dst, src, 1.0f, 64);
                                                  });
  ASSERT_TRUE(run.outcome.HasKind("ub-out-of-bounds")) << run.outcome.Describe();
  EXPECT_EQ(run.outcome.diagnostics.at(0).line, callLine);
}

}  // namespace
