// High-level math APIs: values computed in float and rounded once, every overload (count, whole
// tensor, sharedTmpBuffer), CANN's exact function types, and the element walk's checks.
#include <gtest/gtest.h>

#include <cmath>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

using simtest::RunOnUb;

template <class T>
float Rounded(double value) {
  return float(T(float(value)));
}

// Foreach kernels take these APIs as template arguments of exactly this type.
template <typename T>
using ElementwiseOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t);

template <class T, ElementwiseOp<T>* op>
std::vector<float> RunElementwise(const std::vector<float>& input) {
  const auto run = RunOnUb<T, T>(simtest::Convert<T>(input), std::vector<T>(input.size(), T(0.0f)),
                                 [&](const LocalTensor<T>& dst, const LocalTensor<T>& src) { op(dst, src, input.size()); });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  return simtest::ToFloat(run.dst);
}

template <class T>
void CheckElementwise() {
  const std::vector<float> input = simtest::RandomFloats(160, -0.95f, 0.95f, 7);
  struct Case {
    const char* name;
    std::vector<float> got;
    double (*reference)(double);
  };
  const Case cases[] = {
      {"Sin", RunElementwise<T, Sin<T, false>>(input), [](double x) { return std::sin(x); }},
      {"Tanh", RunElementwise<T, Tanh<T, false>>(input), [](double x) { return std::tanh(x); }},
      {"Asin", RunElementwise<T, Asin<T, false>>(input), [](double x) { return std::asin(x); }},
      {"Erf", RunElementwise<T, Erf<T, false>>(input), [](double x) { return std::erf(x); }},
      {"Sigmoid", RunElementwise<T, Sigmoid<T, false>>(input), [](double x) { return 1.0 / (1.0 + std::exp(-x)); }},
      {"Sign", RunElementwise<T, Sign<T, false>>(input), [](double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }},
  };
  for (const Case& c : cases) {
    for (size_t i = 0; i < input.size(); ++i) {
      const double x = float(T(input[i]));
      const float expected = Rounded<T>(c.reference(x));
      ASSERT_NEAR(c.got[i], expected, std::fabs(expected) * (sizeof(T) == 2 ? 1e-3 : 1e-6) + 1e-7)
          << c.name << " of " << x << " (" << sizeof(T) << "-byte elements)";
    }
  }
}

TEST(AdvMathTest, ElementwiseFunctionsMatchTheFloatReferenceRoundedOnce) {
  CheckElementwise<half>();
  CheckElementwise<float>();
}

TEST(AdvMathTest, RoundGoesToEvenAndFracKeepsTheSign) {
  const std::vector<float> input = {0.5f, 1.5f, 2.5f, -2.5f, -1.25f, 3.75f, 7.0f, -0.0f};
  const std::vector<float> rounded = RunElementwise<float, Round<float, false>>(input);
  const std::vector<float> fractions = RunElementwise<float, Frac<float, false>>(input);
  EXPECT_EQ(rounded, (std::vector<float>{0.0f, 2.0f, 2.0f, -2.0f, -1.0f, 4.0f, 7.0f, -0.0f}));
  EXPECT_EQ(fractions, (std::vector<float>{0.5f, 0.5f, 0.5f, -0.5f, -0.25f, 0.75f, 0.0f, -0.0f}));
}

TEST(AdvMathTest, TmpBufferAndWholeTensorFormsCoverTheSameElements) {
  simtest::GmBuffer<float> out(std::vector<float>(64, -7.0f));
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, 64 * sizeof(float));
    pipe.InitBuffer(dstBuf, 64 * sizeof(float));
    pipe.InitBuffer(tmpBuf, 1024);
    LocalTensor<float> src = srcBuf.Get<float>(), dst = dstBuf.Get<float>();
    LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    Duplicate(src, 0.25f, 64);
    Duplicate(dst, -7.0f, 64);
    Cos<float, false>(dst, src, tmp, 16);      // elements [0, 16)
    Log2<float>(dst[32], src[32], tmp);         // the whole 32-element view
    Exp<float, 15, false>(dst[16], src[16], 8);  // the Taylor-level Exp
    GlobalTensor<float> outGm;
    outGm.SetGlobalBuffer((__gm__ float*)out.addr(), 64);
    DataCopy(outGm, dst, 64);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> got = out.values();
  for (size_t i = 0; i < 64; ++i) {
    const float expected = i < 16 ? std::cos(0.25f) : i < 24 ? std::exp(0.25f) : i < 32 ? -7.0f : -2.0f;
    EXPECT_FLOAT_EQ(got[i], expected) << "element " << i;
  }
}

TEST(AdvMathTest, ADestinationOverlappingTheSourceGetsResultsOfTheOriginalValues) {
  // The NPU reads the whole source into a temporary first: MulSigmoidMulAddCustom computes Sigmoid
  // into a view 256 bytes into its own source.
  std::vector<float> ramp(128);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = 0.125f * float(i);
  simtest::GmBuffer<float> in(ramp), out(std::vector<float>(192, 0.0f));
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 192 * sizeof(float));
    LocalTensor<float> src = buf.Get<float>(128);
    LocalTensor<float> dst = buf.GetWithOffset<float>(128, 64 * sizeof(float));
    GlobalTensor<float> inGm;
    inGm.SetGlobalBuffer((__gm__ float*)in.addr(), 128);
    DataCopy(src, inGm, 128);
    Sigmoid<float, false>(dst, src, 128);
    GlobalTensor<float> outGm;
    outGm.SetGlobalBuffer((__gm__ float*)out.addr(), 192);
    DataCopy(outGm, buf.Get<float>(), 192);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> got = out.values();
  for (size_t i = 0; i < 128; ++i)
    ASSERT_NEAR(got[64 + i], 1.0 / (1.0 + std::exp(-0.125 * double(i))), 1e-6) << "element " << i;
}

TEST(AdvMathTest, PowerTensorScalarAndIntegerForms) {
  simtest::GmBuffer<float> floats(std::vector<float>(3 * 8, 0.0f));
  simtest::GmBuffer<int32_t> ints(std::vector<int32_t>(8, 0));
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> baseBuf, expBuf, dstBuf, intBuf;
    pipe.InitBuffer(baseBuf, 32);
    pipe.InitBuffer(expBuf, 32);
    pipe.InitBuffer(dstBuf, 3 * 32);
    pipe.InitBuffer(intBuf, 2 * 32);
    LocalTensor<float> base = baseBuf.Get<float>(), exponent = expBuf.Get<float>(), dst = dstBuf.Get<float>();
    for (int i = 0; i < 8; ++i) {
      base.SetValue(i, float(i + 1));
      exponent.SetValue(i, 0.5f * float(i));
    }
    Power(dst, base, exponent, 8);
    Power(dst[8], base, 2.0f, 8);
    Power<float, false>(dst[16], 2.0f, exponent);
    LocalTensor<int32_t> intBase = intBuf.Get<int32_t>(), intDst = intBuf.Get<int32_t>()[8];
    for (int i = 0; i < 8; ++i) intBase.SetValue(i, i - 2);
    Power(intDst, intBase, int32_t(3), 8);
    GlobalTensor<float> floatGm;
    floatGm.SetGlobalBuffer((__gm__ float*)floats.addr(), 24);
    DataCopy(floatGm, dst, 24);
    GlobalTensor<int32_t> intGm;
    intGm.SetGlobalBuffer((__gm__ int32_t*)ints.addr(), 8);
    DataCopy(intGm, intDst, 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> got = floats.values();
  for (int i = 0; i < 8; ++i) {
    EXPECT_FLOAT_EQ(got[i], std::pow(float(i + 1), 0.5f * float(i)));
    EXPECT_FLOAT_EQ(got[8 + i], float((i + 1) * (i + 1)));
    EXPECT_FLOAT_EQ(got[16 + i], std::pow(2.0f, 0.5f * float(i)));
  }
  EXPECT_EQ(ints.values(), (std::vector<int32_t>{-8, -1, 0, 1, 8, 27, 64, 125}));
}

TEST(AdvMathTest, CountBeyondTheBufferIsAnOutOfBoundsWarningAtTheCallingLine) {
  uint32_t callLine = 0;
  const auto run = RunOnUb<float, float>(std::vector<float>(64, 1.0f), std::vector<float>(64, 0.0f),
                                         [&](const LocalTensor<float>& dst, const LocalTensor<float>& src) {
                                           callLine = std::source_location::current().line() + 1;
                                           Tanh<float>(dst, src, 128);
                                         });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  ASSERT_TRUE(run.outcome.HasKind("ub-out-of-bounds")) << run.outcome.Describe();
  EXPECT_EQ(run.outcome.diagnostics.at(0).severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(run.outcome.diagnostics.at(0).line, callLine) << run.outcome.Describe();
}

}  // namespace
