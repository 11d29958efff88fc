// The host op framework end to end: OpDefs registered by our own op_host files, tiling run
// through the host runtime, kernels compiled with the generated prelude and launched with the
// tiling bytes in GM.
#include "ascendc_sim/host/op_runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <new>
#include <vector>

#include "ascendc_sim/host/soc_spec.h"
#include "kernel_test_support.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

extern "C" void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);
extern "C" void scale_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
extern "C" void softmax_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

namespace {

using ascendc_sim::host::TensorSpec;
using ascendc_sim::host::TilingRequest;
using ascendc_sim::host::TilingResult;

TensorSpec FloatTensor(std::vector<int64_t> shape) { return {std::move(shape), ge::DT_FLOAT, ge::FORMAT_ND, nullptr}; }

TilingRequest AddRequest(int64_t length) {
  TilingRequest request;
  request.opType = "AddCustom";
  request.inputs = {{FloatTensor({length})}, {FloatTensor({length})}};
  request.outputs = {{FloatTensor({length})}};
  return request;
}

std::vector<float> Iota(size_t count, float start, float step) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = start + step * static_cast<float>(i);
  return values;
}

// Runs AddCustom's tiling and kernel on x, y; returns z.
std::vector<float> RunAddCustom(const std::vector<float>& x, const std::vector<float>& y, TilingRequest request) {
  const TilingResult tiling = ascendc_sim::host::RunTiling(request);
  EXPECT_TRUE(tiling.ok) << tiling.error;
  simtest::GmBuffer<float> xGm(x), yGm(y), zGm(std::vector<float>(x.size(), -1.0f));
  simtest::GmBuffer<uint8_t> tilingGm(tiling.tilingData);
  simtest::GmBuffer<uint8_t> workspaceGm(tiling.workspaceSizes.at(0));
  ascendc_sim::rt::SetTilingKey(tiling.tilingKey);
  const simtest::LaunchOutcome outcome = simtest::Launch(tiling.blockDim, [&] {
    add_custom(xGm.addr(), yGm.addr(), zGm.addr(), workspaceGm.addr(), tilingGm.addr());
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  return zGm.values();
}

TEST(OpRuntime, DescribesRegisteredOpDef) {
  const auto op = ascendc_sim::host::DescribeOp("AddCustom");
  ASSERT_TRUE(op.has_value());
  ASSERT_EQ(op->inputs.size(), 2u);
  EXPECT_EQ(op->inputs[1].name, "y");
  EXPECT_EQ(op->inputs[0].dataTypes, (std::vector<ge::DataType>{ge::DT_FLOAT, ge::DT_FLOAT16}));
  ASSERT_EQ(op->outputs.size(), 1u);
  EXPECT_EQ(op->outputs[0].name, "z");
  ASSERT_EQ(op->attrs.size(), 1u);
  EXPECT_EQ(op->attrs[0].defaultValue.floats, std::vector<float>{1.0f});
  EXPECT_TRUE(op->hasTiling);
  EXPECT_FALSE(ascendc_sim::host::DescribeOp("NoSuchOp").has_value());
}

// An output declared OutputShapeDependOnCompute gets 9 uint64 in the shapes buffer CANN passes the
// kernel after its outputs; an op without such outputs gets no buffer.
TEST(OpRuntime, OutputsWhoseShapeTheKernelComputesSizeTheShapesArgument) {
  const auto op = ascendc_sim::host::DescribeOp("ComputedShapeProbe");
  ASSERT_TRUE(op.has_value());
  ASSERT_EQ(op->outputs.size(), 2u);
  EXPECT_FALSE(op->outputs[0].shapeDependsOnCompute);
  EXPECT_TRUE(op->outputs[1].shapeDependsOnCompute);
  EXPECT_EQ(ascendc_sim::host::ComputedShapesBytes(*op), 72u);
  EXPECT_EQ(ascendc_sim::host::ComputedShapesBytes(*ascendc_sim::host::DescribeOp("AddCustom")), 0u);
}

TEST(OpRuntime, MacroTilingBytesFollowStructLayout) {
  const TilingResult tiling = ascendc_sim::host::RunTiling(AddRequest(8 * 13));
  ASSERT_TRUE(tiling.ok) << tiling.error;
  EXPECT_EQ(tiling.blockDim, 8u);
  EXPECT_EQ(tiling.tilingKey, 1u);
  EXPECT_EQ(tiling.workspaceSizes, std::vector<size_t>{1024});
  // uint32 total, uint16 used + 2 padding, uint32[8], {uint8 + 3 padding, float}, uint64.
  ASSERT_EQ(tiling.tilingData.size(), 4u + 4u + 32u + 8u + 8u);
  uint32_t total = 0, lengths[8] = {};
  uint16_t used = 0;
  std::memcpy(&total, tiling.tilingData.data(), 4);
  std::memcpy(&used, tiling.tilingData.data() + 4, 2);
  std::memcpy(lengths, tiling.tilingData.data() + 8, sizeof(lengths));
  EXPECT_EQ(total, 104u);
  EXPECT_EQ(used, 8u);
  EXPECT_EQ(lengths[0], 16u);  // 13 chunks of 8 over 8 blocks: five blocks get two chunks
  EXPECT_EQ(lengths[5], 8u);
  uint8_t scaleEnabled = 1;
  float scaleFactor = 0.0f;
  uint64_t checksum = 0;
  std::memcpy(&scaleEnabled, tiling.tilingData.data() + 40, 1);
  std::memcpy(&scaleFactor, tiling.tilingData.data() + 44, 4);
  std::memcpy(&checksum, tiling.tilingData.data() + 48, 8);
  EXPECT_EQ(scaleEnabled, 0u);  // factor defaults to 1: scaling disabled
  EXPECT_EQ(scaleFactor, 1.0f);
  EXPECT_EQ(checksum, 0x0123456789ABCDEFull);
}

TEST(OpRuntime, AddCustomKernelReadsTilingFromGm) {
  const size_t length = 8 * 21;
  const std::vector<float> x = Iota(length, 1.0f, 0.5f), y = Iota(length, -3.0f, 0.25f);
  TilingRequest request = AddRequest(length);
  request.attrs["factor"] = ascendc_sim::host::FloatAttr(3.0f);
  const std::vector<float> z = RunAddCustom(x, y, request);
  for (size_t i = 0; i < length; ++i) ASSERT_EQ(z[i], (x[i] + y[i]) * 3.0f) << "element " << i;
}

TEST(OpRuntime, AttributeDefaultsApplyWhenNotGiven) {
  const size_t length = 8 * 3;
  const std::vector<float> x = Iota(length, 2.0f, 1.0f), y = Iota(length, 0.5f, 2.0f);
  const std::vector<float> z = RunAddCustom(x, y, AddRequest(length));  // factor defaults to 1: no scaling
  for (size_t i = 0; i < length; ++i) ASSERT_EQ(z[i], x[i] + y[i]) << "element " << i;
}

TEST(OpRuntime, StandardStructTilingWithRegisterTilingDefault) {
  const size_t length = 64;
  TilingRequest request;
  request.opType = "ScaleCustom";
  request.inputs = {{FloatTensor({4, 16})}};
  request.outputs = {{FloatTensor({4, 16})}};
  request.attrs["bias"] = ascendc_sim::host::IntAttr(-5);
  const TilingResult tiling = ascendc_sim::host::RunTiling(request);
  ASSERT_TRUE(tiling.ok) << tiling.error;
  ASSERT_EQ(tiling.tilingData.size(), 12u);
  const std::vector<float> x = Iota(length, -4.0f, 0.125f);
  simtest::GmBuffer<float> xGm(x), yGm(std::vector<float>(length, 0.0f));
  simtest::GmBuffer<uint8_t> tilingGm(tiling.tilingData);
  const simtest::LaunchOutcome outcome = simtest::Launch(tiling.blockDim, [&] {
    scale_custom(xGm.addr(), yGm.addr(), nullptr, tilingGm.addr());
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> y = yGm.values();
  for (size_t i = 0; i < length; ++i) ASSERT_EQ(y[i], x[i] * 2.0f + -5.0f) << "element " << i;  // alpha default 2
}

// The op's tiling nests optiling::SoftMaxTiling; the prelude leaves that struct to
// kernel_tiling/kernel_tiling.h and checks the sizes agree, and the kernel's SoftMax reads it.
TEST(OpRuntime, SoftMaxTilingNestedInTheOpsTilingReachesTheKernel) {
  constexpr int64_t kRows = 5, kColumns = 40;
  TilingRequest request;
  request.opType = "SoftmaxCustom";
  request.inputs = {{FloatTensor({kRows, kColumns})}};
  request.outputs = {{FloatTensor({kRows, kColumns})}};
  const TilingResult tiling = ascendc_sim::host::RunTiling(request);
  ASSERT_TRUE(tiling.ok) << tiling.error;
  ASSERT_EQ(tiling.tilingData.size(), 8u + 16 * 4u);
  uint32_t softmaxFields[16] = {};
  std::memcpy(softmaxFields, tiling.tilingData.data() + 8, sizeof(softmaxFields));
  EXPECT_EQ(softmaxFields[0], uint32_t(kRows));     // srcM
  EXPECT_EQ(softmaxFields[1], uint32_t(kColumns));  // srcK
  EXPECT_EQ(softmaxFields[6], 1u);                  // splitM: the minimum space holds one row

  std::string error;
  const std::string prelude = ascendc_sim::host::KernelPrelude("SoftmaxCustom", {ge::DT_FLOAT}, {ge::DT_FLOAT}, error);
  EXPECT_EQ(prelude.find("struct SoftMaxTiling"), std::string::npos) << prelude;
  EXPECT_NE(prelude.find("static_assert(sizeof(SoftMaxTiling) == 64"), std::string::npos) << prelude;
  EXPECT_NE(prelude.find("#include \"kernel_tiling/kernel_tiling.h\""), std::string::npos) << prelude;

  const std::vector<float> x = Iota(kRows * kColumns, -3.0f, 0.07f);
  simtest::GmBuffer<float> xGm(x), yGm(std::vector<float>(x.size(), 0.0f));
  simtest::GmBuffer<uint8_t> tilingGm(tiling.tilingData);
  const simtest::LaunchOutcome outcome = simtest::Launch(tiling.blockDim, [&] {
    softmax_custom(xGm.addr(), yGm.addr(), nullptr, tilingGm.addr());
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const std::vector<float> y = yGm.values();
  for (int64_t row = 0; row < kRows; ++row) {
    double sum = 0.0;
    const float max = x[row * kColumns + kColumns - 1];  // each row rises
    for (int64_t column = 0; column < kColumns; ++column) sum += std::exp(double(x[row * kColumns + column]) - max);
    for (int64_t column = 0; column < kColumns; ++column) {
      const double expected = std::exp(double(x[row * kColumns + column]) - max) / sum;
      ASSERT_NEAR(y[row * kColumns + column], expected, 1e-6) << "row " << row << " column " << column;
    }
  }
}

TEST(OpRuntime, ShortTilingBufferIsGmOutOfBounds) {
  const TilingResult tiling = ascendc_sim::host::RunTiling(AddRequest(64));
  ASSERT_TRUE(tiling.ok) << tiling.error;
  simtest::GmBuffer<float> xGm(64), yGm(64), zGm(64);
  simtest::GmBuffer<uint8_t> shortTiling(std::vector<uint8_t>(tiling.tilingData.begin(), tiling.tilingData.begin() + 16));
  const simtest::LaunchOutcome outcome = simtest::Launch(1, [&] {
    add_custom(xGm.addr(), yGm.addr(), zGm.addr(), nullptr, shortTiling.addr());
  });
  EXPECT_TRUE(outcome.HasKind("gm-out-of-bounds")) << outcome.Describe();
}

TilingRequest ProbeRequest() {
  TilingRequest request;
  request.opType = "AttrProbe";
  request.inputs = {{FloatTensor({2, 3})}, {}, {FloatTensor({4}), FloatTensor({5, 7})}};
  request.outputs = {{FloatTensor({2, 3})}};
  request.attrs["count"] = ascendc_sim::host::IntAttr(42);
  return request;
}

struct ProbeTiling {
  int64_t count;
  float eps;
  uint32_t flag, modeLength;
  int64_t dimsSum;
  uint32_t coreNum, hasBias, listCount;
  int64_t lastListSize;
  int64_t dimsReadAsInt;
  uint32_t anchorListCount, anchorListStart;
};

ProbeTiling ReadProbe(const TilingResult& result) {
  ProbeTiling probe{};
  EXPECT_EQ(result.tilingData.size(), sizeof(ProbeTiling));
  std::memcpy(&probe, result.tilingData.data(), std::min(sizeof(probe), result.tilingData.size()));
  return probe;
}

TEST(OpRuntime, ImplOpTilingSeesAttributesCompileInfoAndDynamicInputs) {
  const TilingResult result = ascendc_sim::host::RunTiling(ProbeRequest());
  ASSERT_TRUE(result.ok) << result.error;
  const ProbeTiling probe = ReadProbe(result);
  EXPECT_EQ(probe.count, 42);
  EXPECT_EQ(probe.eps, 1e-5f);
  EXPECT_EQ(probe.flag, 1u);
  EXPECT_EQ(probe.modeLength, 3u);  // "sum"
  EXPECT_EQ(probe.dimsSum, 6);
  EXPECT_EQ(probe.coreNum, platform_ascendc::PlatformAscendC(nullptr).GetCoreNumAiv());
  EXPECT_EQ(probe.hasBias, 0u);
  EXPECT_EQ(probe.listCount, 2u);
  EXPECT_EQ(probe.lastListSize, 35);
  EXPECT_EQ(probe.dimsReadAsInt, 3);  // the default {1, 2, 3}: its capacity
  EXPECT_EQ(probe.anchorListCount, 2u);
  EXPECT_EQ(probe.anchorListStart, 1u);  // x, then (no bias) the list
}

TEST(OpRuntime, GivenAttributesOverrideDefaults) {
  TilingRequest request = ProbeRequest();
  request.attrs["mode"] = ascendc_sim::host::StringAttr("mean_all");
  request.attrs["dims"] = ascendc_sim::host::ListIntAttr({10, -4});
  request.attrs["flag"] = ascendc_sim::host::BoolAttr(false);
  request.inputs[1] = {FloatTensor({3})};
  const ProbeTiling probe = ReadProbe(ascendc_sim::host::RunTiling(request));
  EXPECT_EQ(probe.modeLength, 8u);
  EXPECT_EQ(probe.dimsSum, 6);
  EXPECT_EQ(probe.flag, 0u);
  EXPECT_EQ(probe.hasBias, 1u);
  EXPECT_EQ(probe.dimsReadAsInt, 2);
  EXPECT_EQ(probe.anchorListStart, 2u);  // x, bias, then the list
}

TEST(OpRuntime, RequestErrorsNameTheProblem) {
  TilingRequest missingRequired = ProbeRequest();
  missingRequired.attrs.clear();
  EXPECT_NE(ascendc_sim::host::RunTiling(missingRequired).error.find("'count' is REQUIRED"), std::string::npos);

  TilingRequest unknownAttr = ProbeRequest();
  unknownAttr.attrs["alpha"] = ascendc_sim::host::FloatAttr(1.0f);
  EXPECT_NE(ascendc_sim::host::RunTiling(unknownAttr).error.find("'alpha' is not declared"), std::string::npos);

  TilingRequest twoRequired = AddRequest(64);
  twoRequired.inputs[0].push_back(FloatTensor({64}));
  EXPECT_NE(ascendc_sim::host::RunTiling(twoRequired).error.find("input 'x' is REQUIRED"), std::string::npos);

  TilingRequest failing = AddRequest(7);  // not a multiple of the 8-element chunk: the op fails
  const TilingResult result = ascendc_sim::host::RunTiling(failing);
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.error.find("GRAPH_FAILED"), std::string::npos);

  TilingRequest unknownOp = AddRequest(8);
  unknownOp.opType = "Missing";
  EXPECT_NE(ascendc_sim::host::RunTiling(unknownOp).error.find("no OP_ADD(Missing)"), std::string::npos);
}

TEST(OpRuntime, PlatformFollowsTheSocSetting) {
  const std::string previous = ascendc_sim::host::CurrentSoc().name;
  ASSERT_TRUE(ascendc_sim::host::SetSoc("Ascend910B4"));
  platform_ascendc::PlatformAscendC platform(nullptr);
  uint64_t ub = 0, l2 = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L2, l2);
  EXPECT_EQ(platform.GetCoreNumAiv(), 40u);
  EXPECT_EQ(platform.GetCoreNumAic(), 20u);
  EXPECT_EQ(ub, 196608u);
  EXPECT_EQ(l2, 96u * 1024 * 1024);
  ASSERT_TRUE(ascendc_sim::host::SetSoc("Ascend910_9392"));
  EXPECT_EQ(platform.GetSocVersion(), platform_ascendc::SocVersion::ASCEND910_93);
  EXPECT_EQ(platform.GetCoreNumAiv(), 48u);
  EXPECT_FALSE(ascendc_sim::host::SetSoc("Ascend999"));
  ASSERT_TRUE(ascendc_sim::host::SetSoc(previous));
  EXPECT_EQ(platform.GetCoreNum(), 48u);  // default Ascend910B2
}

TEST(OpRuntime, KernelPreludeDeclaresStructsAndDtypes) {
  std::string error;
  const std::string prelude = ascendc_sim::host::KernelPrelude("AddCustom", {ge::DT_FLOAT16, ge::DT_FLOAT16}, {ge::DT_FLOAT16}, error);
  EXPECT_NE(prelude.find("struct AddScaleParams {"), std::string::npos) << prelude;
  EXPECT_LT(prelude.find("struct AddScaleParams {"), prelude.find("struct AddCustomTilingData {"));
  EXPECT_NE(prelude.find("  uint32_t blockLength[8];"), std::string::npos);
  EXPECT_NE(prelude.find("#define DTYPE_Y half"), std::string::npos);
  EXPECT_NE(prelude.find("#define ORIG_DTYPE_Z 1"), std::string::npos);
  EXPECT_NE(prelude.find("AKGEN_REGISTER_OP_TILING(AddCustomTilingData);"), std::string::npos);
  EXPECT_TRUE(ascendc_sim::host::KernelPrelude("AddCustom", {ge::DT_STRING}, {}, error).empty());
  EXPECT_NE(error.find("DT_STRING"), std::string::npos);
}

}  // namespace

namespace optiling {
// Field names that equal the setters' parameter names must still be set.
BEGIN_TILING_DATA_DEF(ShadowedNamesTilingData)
TILING_DATA_FIELD_DEF(float, value);
TILING_DATA_FIELD_DEF_ARR(uint32_t, 2, values);
END_TILING_DATA_DEF;

// A class nesting others at its start and further in, as op_host tiling data nests the APIs'.
BEGIN_TILING_DATA_DEF(BoundInnerTilingData)
TILING_DATA_FIELD_DEF(int32_t, count);
TILING_DATA_FIELD_DEF(int64_t, total);
END_TILING_DATA_DEF;
BEGIN_TILING_DATA_DEF(BoundTilingData)
TILING_DATA_FIELD_DEF_STRUCT(BoundInnerTilingData, inner);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF_ARR(uint16_t, 3, lengths);
TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmax);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

TEST(TilingDataTest, FieldsNamedLikeSetterParametersAreSet) {
  optiling::ShadowedNamesTilingData tiling;
  tiling.set_value(2.5f);
  const uint32_t values[2] = {7, 9};
  tiling.set_values(values);
  EXPECT_EQ(tiling.get_value(), 2.5f);
  EXPECT_EQ(tiling.get_values()[0], 7u);
  EXPECT_EQ(tiling.get_values()[1], 9u);
}

}  // namespace

namespace {

// After SetDataPtr every setter, the nested classes' too, and the tiling functions write through to
// the buffer at the field's offset; what was set before stays in the object alone.
TEST(TilingDataTest, SetDataPtrWritesFieldsThroughToTheBuffer) {
  optiling::BoundTilingData tiling;
  tiling.set_scale(1.5f);
  std::vector<uint8_t> buffer(tiling.GetDataSize(), 0xAB);
  tiling.SetDataPtr(buffer.data());
  tiling.get_inner().set_count(7);
  tiling.inner.set_total(-3);
  const uint16_t lengths[3] = {4, 5, 6};
  tiling.set_lengths(lengths);
  AscendC::SoftMaxTilingFunc(ge::Shape({16, 1024}), 4, 32768, tiling.softmax);

  optiling::BoundTilingData expected;
  std::memcpy(static_cast<void*>(&expected), buffer.data(), buffer.size());
  EXPECT_EQ(expected.inner.count, 7);
  EXPECT_EQ(expected.inner.total, -3);
  EXPECT_EQ(expected.lengths[2], 6u);
  EXPECT_EQ(expected.softmax.srcM, 16u);
  EXPECT_EQ(expected.softmax.splitM, tiling.softmax.splitM);
  EXPECT_EQ(expected.softmax.tailReduceSize, tiling.softmax.tailReduceSize);
  const size_t scaleOffset = offsetof(optiling::BoundTilingData, scale);
  EXPECT_EQ(buffer[scaleOffset], 0xAB);  // set before SetDataPtr
  tiling.set_scale(2.0f);
  float scale = 0;
  std::memcpy(&scale, buffer.data() + scaleOffset, sizeof(scale));
  EXPECT_EQ(scale, 2.0f);
}

// The binding ends with the object: another object built in its place writes only to itself.
TEST(TilingDataTest, SetDataPtrBindingEndsWithTheObject) {
  alignas(optiling::BoundTilingData) unsigned char storage[sizeof(optiling::BoundTilingData)];
  std::vector<uint8_t> buffer(sizeof(optiling::BoundTilingData), 0);
  auto* first = new (storage) optiling::BoundTilingData;
  first->SetDataPtr(buffer.data());
  first->set_scale(1.0f);
  first->~BoundTilingData();
  auto* second = new (storage) optiling::BoundTilingData;
  second->set_scale(9.0f);
  second->inner.set_count(9);
  float scale = 0;
  std::memcpy(&scale, buffer.data() + offsetof(optiling::BoundTilingData, scale), sizeof(scale));
  EXPECT_EQ(scale, 1.0f);
  EXPECT_EQ(buffer[offsetof(optiling::BoundTilingData, inner)], 0u);
  second->~BoundTilingData();
}

}  // namespace
