#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <bit>
#include <cmath>
#include <complex>
#include <cstring>
#include <filesystem>
#include <limits>

#include "bench/compare/allclose_rule.h"
#include "bench/compare/case_check.h"
#include "bench/compare/default_rule.h"
#include "bench/compare/element_value.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A tensor of T elements that owns its bytes and views them as TensorData.
struct Buffer {
  TorchDtype dtype;
  std::vector<std::byte> bytes;

  template <typename T>
  static Buffer Of(TorchDtype dtype, const std::vector<T>& values) {
    Buffer buffer{dtype, std::vector<std::byte>(values.size() * sizeof(T))};
    std::memcpy(buffer.bytes.data(), values.data(), buffer.bytes.size());
    return buffer;
  }
  TensorData View() const { return {dtype, {static_cast<int64_t>(bytes.size() / ElementSize(dtype))}, bytes}; }
};

Comparison Compare(const Buffer& reference, const Buffer& candidate) {
  return CompareWithDefaultRule(reference.View(), candidate.View());
}

// fp16 bit patterns.
constexpr uint16_t kHalfOne = 0x3C00, kHalfOnePlus2Ulp = 0x3C02, kHalf1024 = 0x6400, kHalf1025 = 0x6401;
constexpr uint16_t kHalfTiny = 0x0001, kHalfTwiceTiny = 0x0002, kHalfNaN = 0x7E00, kHalfInf = 0x7C00;
// bf16 bit patterns: 1.0, the next value 1.0078125, about 1e-5 and 4e-5, NaN, +inf.
constexpr uint16_t kBf16One = 0x3F80, kBf16OneNext = 0x3F81, kBf16Small = 0x3727, kBf16Small4x = 0x3827;
constexpr uint16_t kBf16NaN = 0x7FC0, kBf16Inf = 0x7F80;

TEST(DefaultRuleTest, Float32AbsOnlyAndRelOnlyViolationsPassBothFail) {
  const auto f32 = [](std::vector<float> v) { return Buffer::Of(TorchDtype::Float32, v); };
  EXPECT_TRUE(Compare(f32({1, 2, 3}), f32({1, 2, 3})).pass);
  EXPECT_TRUE(Compare(f32({1000}), f32({1000.5f})).pass) << "abs 0.5 but rel 5e-4";
  EXPECT_TRUE(Compare(f32({1e-5f}), f32({2e-5f})).pass) << "rel 1 but abs 1e-5";
  const Comparison both = Compare(f32({1, 2, 3, 4}), f32({1, 2.01f, 3, 4.5f}));
  EXPECT_FALSE(both.pass);
  EXPECT_EQ(both.firstBadIndex, 1);
  EXPECT_EQ(both.badCount, 2);
  EXPECT_NEAR(both.maxAbsError, 0.5, 1e-6);
  EXPECT_NEAR(both.maxRelError, 0.125, 1e-6);
  EXPECT_NE(both.reason.find("first at index 1: expected 2, got 2.00999999; index 3: expected 4, got 4.5"),
            std::string::npos)
      << both.reason;
  const Comparison many = Compare(f32({1, 2, 3, 4, 5, 6}), f32({0, 0, 0, 0, 0, 0}));
  EXPECT_NE(many.reason.find("index 3: expected 4, got 0"), std::string::npos) << many.reason;
  EXPECT_EQ(many.reason.find("index 4:"), std::string::npos) << "four examples at most: " << many.reason;
}

TEST(DefaultRuleTest, NonFiniteValuesFailEvenWhenEqual) {
  const auto f32 = [](std::vector<float> v) { return Buffer::Of(TorchDtype::Float32, v); };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(Compare(f32({1, 2}), f32({1, nan})).pass);
  EXPECT_FALSE(Compare(f32({nan}), f32({nan})).pass);
  EXPECT_FALSE(Compare(f32({inf}), f32({inf})).pass);
  const Comparison negative = Compare(f32({0, -inf, 0}), f32({0, 1, 0}));
  EXPECT_FALSE(negative.pass);
  EXPECT_EQ(negative.firstBadIndex, 1);
  EXPECT_EQ(negative.maxAbsError, 0) << "maxima cover finite pairs only";
}

TEST(DefaultRuleTest, Float16) {
  const auto f16 = [](std::vector<uint16_t> v) { return Buffer::Of(TorchDtype::Float16, v); };
  EXPECT_TRUE(Compare(f16({kHalfOne, kHalf1024}), f16({kHalfOne, kHalf1024})).pass);
  EXPECT_TRUE(Compare(f16({kHalf1024}), f16({kHalf1025})).pass) << "abs 1, rel 9.8e-4";
  EXPECT_TRUE(Compare(f16({kHalfTiny}), f16({kHalfTwiceTiny})).pass) << "subnormals: rel 0.37, abs 6e-8";
  EXPECT_FALSE(Compare(f16({kHalfOne}), f16({kHalfOnePlus2Ulp})).pass) << "abs and rel 2e-3";
  EXPECT_FALSE(Compare(f16({kHalfOne}), f16({kHalfNaN})).pass);
  EXPECT_FALSE(Compare(f16({kHalfInf}), f16({kHalfInf})).pass);
}

TEST(DefaultRuleTest, BFloat16) {
  const auto bf16 = [](std::vector<uint16_t> v) { return Buffer::Of(TorchDtype::BFloat16, v); };
  EXPECT_TRUE(Compare(bf16({kBf16One, kBf16Small}), bf16({kBf16One, kBf16Small})).pass);
  EXPECT_TRUE(Compare(bf16({kBf16Small}), bf16({kBf16Small4x})).pass) << "rel 3 but abs 3e-5";
  EXPECT_FALSE(Compare(bf16({kBf16One}), bf16({kBf16OneNext})).pass) << "one bf16 ulp at 1 exceeds both";
  EXPECT_FALSE(Compare(bf16({kBf16One}), bf16({kBf16NaN})).pass);
  EXPECT_FALSE(Compare(bf16({kBf16Inf}), bf16({kBf16Inf})).pass);
}

TEST(DefaultRuleTest, Float64AndComplex) {
  const auto f64 = [](std::vector<double> v) { return Buffer::Of(TorchDtype::Float64, v); };
  EXPECT_TRUE(Compare(f64({1e6}), f64({1e6 + 100})).pass) << "abs 100, rel 1e-4";
  EXPECT_FALSE(Compare(f64({1}), f64({1.002})).pass);
  EXPECT_FALSE(Compare(f64({kInf}), f64({1})).pass);
  const auto c64 = [](std::vector<std::complex<float>> v) { return Buffer::Of(TorchDtype::Complex64, v); };
  EXPECT_TRUE(Compare(c64({{3, 4}}), c64({{3, 4.004f}})).pass) << "|d| 0.004, rel 8e-4";
  EXPECT_FALSE(Compare(c64({{3, 4}}), c64({{3, 4.01f}})).pass) << "|d| 0.01, rel 2e-3";
  EXPECT_FALSE(Compare(c64({{3, 4}}), c64({{3, std::numeric_limits<float>::quiet_NaN()}})).pass);
}

TEST(DefaultRuleTest, IntegersFailOnAnyDifferenceBelowOneThousand) {
  // An integer difference is at least 1, so only a relative error under 1e-3 (|ref| > 1000) passes.
  EXPECT_TRUE(Compare(Buffer::Of(TorchDtype::Int32, std::vector<int32_t>{2000, -7}),
                      Buffer::Of(TorchDtype::Int32, std::vector<int32_t>{2001, -7}))
                  .pass);
  EXPECT_FALSE(Compare(Buffer::Of(TorchDtype::Int32, std::vector<int32_t>{5}),
                       Buffer::Of(TorchDtype::Int32, std::vector<int32_t>{6}))
                   .pass);
  EXPECT_TRUE(Compare(Buffer::Of(TorchDtype::Int64, std::vector<int64_t>{int64_t{1} << 40}),
                      Buffer::Of(TorchDtype::Int64, std::vector<int64_t>{(int64_t{1} << 40) + 3}))
                  .pass);
  EXPECT_FALSE(Compare(Buffer::Of(TorchDtype::Int64, std::vector<int64_t>{-3}),
                       Buffer::Of(TorchDtype::Int64, std::vector<int64_t>{3}))
                   .pass);
  EXPECT_TRUE(Compare(Buffer::Of(TorchDtype::Int16, std::vector<int16_t>{-300, 300}),
                      Buffer::Of(TorchDtype::Int16, std::vector<int16_t>{-300, 300}))
                  .pass);
  EXPECT_FALSE(Compare(Buffer::Of(TorchDtype::Int16, std::vector<int16_t>{-300}),
                       Buffer::Of(TorchDtype::Int16, std::vector<int16_t>{-301}))
                   .pass);
  EXPECT_FALSE(Compare(Buffer::Of(TorchDtype::Int8, std::vector<int8_t>{-128}),
                       Buffer::Of(TorchDtype::Int8, std::vector<int8_t>{127}))
                   .pass);
  EXPECT_TRUE(Compare(Buffer::Of(TorchDtype::UInt8, std::vector<uint8_t>{255, 0}),
                      Buffer::Of(TorchDtype::UInt8, std::vector<uint8_t>{255, 0}))
                  .pass);
  EXPECT_FALSE(Compare(Buffer::Of(TorchDtype::UInt8, std::vector<uint8_t>{255}),
                       Buffer::Of(TorchDtype::UInt8, std::vector<uint8_t>{0}))
                   .pass);
}

TEST(DefaultRuleTest, BoolComparesAsInteger) {
  const auto b = [](std::vector<uint8_t> v) { return Buffer::Of(TorchDtype::Bool, v); };
  EXPECT_TRUE(Compare(b({1, 0, 1}), b({1, 0, 1})).pass);
  const Comparison flipped = Compare(b({1, 0, 1}), b({1, 1, 1}));
  EXPECT_FALSE(flipped.pass);
  EXPECT_EQ(flipped.firstBadIndex, 1);
  EXPECT_EQ(flipped.maxAbsError, 1);
}

TEST(DefaultRuleTest, DtypesMayDifferAndUnitDimsBroadcastButOtherLayoutsFail) {
  const Buffer f32 = Buffer::Of(TorchDtype::Float32, std::vector<float>{1, 2, 3, 4});
  const Buffer i32 = Buffer::Of(TorchDtype::Int32, std::vector<int32_t>{1, 2, 3, 4});
  EXPECT_TRUE(Compare(f32, i32).pass) << "values compare across dtypes, as torch promotes them";
  EXPECT_FALSE(Compare(f32, Buffer::Of(TorchDtype::Int32, std::vector<int32_t>{1, 2, 3, 5})).pass);
  TensorData column = f32.View();
  column.shape = {4, 1};
  EXPECT_TRUE(CompareWithDefaultRule(f32.View(), column).pass) << "[4, 1] broadcasts against [4]";
  TensorData square = f32.View();
  square.shape = {2, 2};
  const Comparison shape = CompareWithDefaultRule(f32.View(), square);
  EXPECT_FALSE(shape.pass);
  EXPECT_EQ(shape.reason, "shape [2, 2] differs from the expected [4]");
  TensorData truncated = f32.View();
  truncated.bytes = truncated.bytes.first(12);
  const Comparison size = CompareWithDefaultRule(f32.View(), truncated);
  EXPECT_FALSE(size.pass);
  EXPECT_EQ(size.reason, "candidate buffer holds 12 bytes; shape [4] needs 16");
}

TEST(AllcloseRuleTest, RelativeToleranceScalesTheCandidatesMagnitudeAsTorchAllcloseDoes) {
  const auto f32 = [](std::vector<float> v) { return Buffer::Of(TorchDtype::Float32, v); };
  const Buffer reference = f32({1, 100, -3, 0});
  // |ref - cand| <= 1e-4 + 1e-4 * |cand|: 100.01 is within 1e-4 + 0.010001, 1.00015 within 2.00015e-4.
  EXPECT_TRUE(CompareWithAllclose(reference.View(), f32({1.00015f, 100.01f, -3.0002f, 5e-5f}).View(), 1e-4).pass);
  const Comparison outside = CompareWithAllclose(reference.View(), f32({1, 100.0125f, -3, 0}).View(), 1e-4);
  EXPECT_FALSE(outside.pass);
  EXPECT_EQ(outside.firstBadIndex, 1);
  EXPECT_NE(outside.reason.find("are not allclose (atol = rtol = 0.0001)"), std::string::npos) << outside.reason;
  const Buffer loose = f32({1.005f, 100.5f, -3.02f, 0.009f});
  EXPECT_TRUE(CompareWithAllclose(reference.View(), loose.View(), kMkbPaperTolerance).pass) << "the paper's 1e-2";
  EXPECT_FALSE(CompareWithAllclose(reference.View(), loose.View(), kMkbTolerance).pass);
}

TEST(AllcloseRuleTest, NaNNeverPassesEqualInfinitiesDo) {
  const auto f32 = [](std::vector<float> v) { return Buffer::Of(TorchDtype::Float32, v); };
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(CompareWithAllclose(f32({inf, -inf}).View(), f32({inf, -inf}).View(), 1e-4).pass);
  EXPECT_FALSE(CompareWithAllclose(f32({inf}).View(), f32({-inf}).View(), 1e-4).pass);
  EXPECT_FALSE(CompareWithAllclose(f32({nan}).View(), f32({nan}).View(), 1e-4).pass) << "equal_nan is false";
  EXPECT_FALSE(CompareWithAllclose(f32({1}).View(), f32({nan}).View(), 1e-4).pass);
}

TEST(AllcloseRuleTest, ShapesAndDtypesMustBeEqualAndBoolsExact) {
  const Buffer four = Buffer::Of(TorchDtype::Float32, std::vector<float>{1, 2, 3, 4});
  TensorData column = four.View();
  column.shape = {4, 1};
  EXPECT_EQ(CompareWithAllclose(four.View(), column, 1e-4).reason, "shape [4, 1] differs from the expected [4]")
      << "no size-1 leniency: MultiKernelBench compares shapes first";
  const Buffer wide = Buffer::Of(TorchDtype::Float64, std::vector<double>{1, 2, 3, 4});
  EXPECT_EQ(CompareWithAllclose(four.View(), wide.View(), 1e-4).reason,
            "dtype float64 differs from the expected float32 (torch.allclose refuses to compare them)");
  const Buffer flags = Buffer::Of(TorchDtype::Bool, std::vector<uint8_t>{1, 0, 1});
  EXPECT_TRUE(CompareWithAllclose(flags.View(), flags.View(), 1e-4).pass);
  const Comparison flipped =
      CompareWithAllclose(flags.View(), Buffer::Of(TorchDtype::Bool, std::vector<uint8_t>{1, 1, 1}).View(), 1.0);
  EXPECT_FALSE(flipped.pass) << "a bool output must match exactly, whatever the tolerance";
  EXPECT_EQ(flipped.firstBadIndex, 1);
}

TEST(AllcloseRuleTest, ModelNewMustReturnAsManyTensorsAsModel) {
  const fs::path dir = fs::temp_directory_path() / ("akgen-allclose-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const Buffer values = Buffer::Of(TorchDtype::Float32, std::vector<float>{1, 2});
  const ManifestValue a = WriteTensor(dir, "a", TorchDtype::Float32, {2}, values.bytes);
  const ManifestValue b = WriteTensor(dir, "b", TorchDtype::Float32, {2}, values.bytes);
  EXPECT_TRUE(CompareOutputsWithAllclose({a, b}, {a, b}, 1e-4).pass);
  EXPECT_EQ(CompareOutputsWithAllclose({a, b}, {a}, 1e-4).reason, "ModelNew returns a different number of tensors than Model (1, expected 2)")
      << "where NPUKernelBench's zip would compare only the first";
  fs::remove_all(dir);
}

TEST(ElementValueTest, DecodesHalfAndBFloat16Bits) {
  EXPECT_EQ(HalfBitsToDouble(0x7BFF), 65504.0);
  EXPECT_EQ(HalfBitsToDouble(0xC000), -2.0);
  EXPECT_EQ(HalfBitsToDouble(kHalfTiny), std::ldexp(1.0, -24));
  EXPECT_EQ(HalfBitsToDouble(kHalfInf), kInf);
  EXPECT_TRUE(std::isnan(HalfBitsToDouble(kHalfNaN)));
  EXPECT_EQ(BFloat16BitsToDouble(kBf16OneNext), 1.0078125);
  EXPECT_EQ(BFloat16BitsToDouble(0xC2F7), -123.5);
  EXPECT_TRUE(std::isnan(BFloat16BitsToDouble(kBf16NaN)));
}

class CaseCheckTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-compare-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    config_ = OracleConfigFromEnvironment(fs::path(AKGEN_SOURCE_DIR) / "python", root_ / "cache");
    config_.pybindCacheDir = AKGEN_TEST_PYBIND_CACHE;  // each task's pybind.cpp compiles once per build tree
  }
  void TearDown() override { fs::remove_all(root_); }

  // A candidate folder whose float32 outputs are the golden ones plus `offset` at `index` (or everywhere).
  fs::path Candidate(const Manifest& golden, float offset, int64_t index = -1) {
    const fs::path dir = root_ / ("candidate" + std::to_string(candidates_++));
    fs::create_directories(dir);
    Manifest candidate;
    for (const ManifestValue& output : golden.outputs) {
      std::vector<float> values(static_cast<size_t>(ElementCount(output.shape)));
      std::memcpy(values.data(), ReadTensorBytes(output).data(), values.size() * sizeof(float));
      for (size_t i = 0; i < values.size(); ++i)
        if (index < 0 || static_cast<int64_t>(i) == index) values[i] += offset;
      candidate.outputs.push_back(
          WriteTensor(dir, output.name, output.dtype, output.shape, Buffer::Of(TorchDtype::Float32, values).bytes));
    }
    WriteManifest(dir, candidate);
    return dir;
  }

  fs::path root_;
  OracleConfig config_;
  int candidates_ = 0;
};

const fs::path kTasks = fs::path(AKGEN_TEST_DATA_DIR) / "oracle_tasks";

TEST_F(CaseCheckTest, DefaultRuleOverEveryOutputOfATensorList) {
  const OracleRequest request{kTasks / "level2/Foreach/ForeachScaledAdd/validation",
                              {{"case_id", "0"}, {"shapes", "[[3], [2, 5]]"}, {"dtype", "float32"}, {"alpha", "2"}},
                              0,
                              "ForeachScaledAdd",
                              "foreach_scaled_add"};
  const GoldenCase golden = ProduceGolden(config_, request);
  ASSERT_FALSE(golden.manifest.hasCustomChecker);
  EXPECT_TRUE(CheckCase(config_, request, golden, Candidate(golden.manifest, 0)).pass);

  // Pairs in order, as NPUKernelBench's check_precision zips Model's outputs with ModelNew's: how
  // many values ModelNew returns is the task's choice, so only the pairs that exist are compared.
  Manifest onlyFirst = golden.manifest;
  onlyFirst.outputs.pop_back();
  EXPECT_TRUE(CheckCase(config_, request, golden, Candidate(onlyFirst, 0)).pass);
  Manifest onlySecond = golden.manifest;
  onlySecond.outputs.erase(onlySecond.outputs.begin());
  const Comparison shifted = CheckCase(config_, request, golden, Candidate(onlySecond, 0));
  EXPECT_FALSE(shifted.pass);
  EXPECT_EQ(shifted.reason, "output 'output0': shape [2, 5] differs from the expected [3]");
  EXPECT_EQ(CheckCase(config_, request, golden, Candidate(Manifest{}, 0)).reason, "no output tensors to compare");

  const Comparison wrong = CheckCase(config_, request, golden, Candidate(golden.manifest, 0.5f, 7));
  EXPECT_FALSE(wrong.pass);
  EXPECT_EQ(wrong.firstBadOutput, "output1");
  EXPECT_EQ(wrong.firstBadIndex, 7);
  EXPECT_EQ(wrong.badCount, 1);
}

TEST_F(CaseCheckTest, CustomCheckerRoundTrip) {
  // ScaledSoftsign's custom_check_precision allows 1e-2 where the default rule allows 1e-3.
  const OracleRequest request{kTasks / "level2/Activation/ScaledSoftsign/validation",
                              {{"case_id", "0"}, {"shape", "[5, 13]"}, {"dtype", "float32"}, {"scale", "3"}},
                              0,
                              "ScaledSoftsign",
                              "scaled_softsign"};
  const GoldenCase golden = ProduceGolden(config_, request);
  ASSERT_TRUE(golden.manifest.hasCustomChecker);

  const fs::path close = Candidate(golden.manifest, 0.005f);
  EXPECT_FALSE(CompareOutputsWithDefaultRule(golden.manifest.outputs, ReadManifest(close).outputs).pass);
  const Comparison custom = CheckCase(config_, request, golden, close);
  EXPECT_TRUE(custom.pass) << custom.reason;
  EXPECT_NEAR(custom.maxAbsError, 0.005, 1e-5);

  const Comparison far = CheckCase(config_, request, golden, Candidate(golden.manifest, 0.1f, 3));
  EXPECT_FALSE(far.pass);
  EXPECT_NEAR(far.maxAbsError, 0.1, 1e-5);
  EXPECT_NE(far.reason.find("custom_check_precision failed"), std::string::npos) << far.reason;
  // The checker names no element; the default rule's view says where, with both values.
  EXPECT_EQ(far.firstBadIndex, 3);
  EXPECT_EQ(far.badCount, 1);
  EXPECT_NE(far.reason.find("beyond the default tolerance (1e-3 abs and rel): output 'output0': 1 of 65 elements"),
            std::string::npos)
      << far.reason;
  EXPECT_NE(far.reason.find("first at index 3: expected "), std::string::npos) << far.reason;
}

}  // namespace
}  // namespace akgen::bench
