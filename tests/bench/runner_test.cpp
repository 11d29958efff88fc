// One (candidate, case) end to end with real components: g++ builds our ScaledAdd test task's
// candidates (tests/bench/data/runner_tasks, NPUKernelBench answer layout), describe and runner run
// in the bubblewrap sandbox, and the outcome is classified. Also the argument mapping on its own.
#include "bench/runner/run_unit.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "bench/compare/element_value.h"
#include "bench/runner/argument_mapping.h"
#include "bench/runner/call_results.h"
#include "bench/sandbox/sandbox.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(AKGEN_TEST_DATA_DIR) / "runner_tasks";
constexpr float kAlpha = 0.5f;

Task ScaledAddTask() {
  Task task;
  task.level = 1;
  task.category = "Math";
  task.folderName = task.opName = "ScaledAdd";
  task.kernelName = "scaled_add";
  task.directory = kData / "level1/Math/ScaledAdd";
  task.files.questionHost = task.directory / "question/op_host/scaled_add.cpp";
  return task;
}

std::vector<std::byte> FloatBytes(const std::vector<float>& values) {
  std::vector<std::byte> bytes(values.size() * sizeof(float));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

std::vector<float> ReadFloats(const ManifestValue& tensor) {
  const std::vector<std::byte> bytes = ReadTensorBytes(tensor);
  std::vector<float> values(bytes.size() / sizeof(float));
  std::memcpy(values.data(), bytes.data(), bytes.size());
  return values;
}

class RunUnitTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char pattern[] = "/tmp/akgen-runner-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    root_ = pattern;
    chmod(root_.c_str(), 0755);  // the sandbox user must reach the built programs and work folders
    fs::copy(kData / "samples", root_ / "samples", fs::copy_options::recursive);
    // A correct candidate whose last block also stores its tile 8 KiB past z's end, as a kernel with
    // a wrong output stride does: inside the allocator segment, where the NPU does not fault.
    DeriveFromSampleZero(7, {{"  DataCopy(zGm, xLocal, length);\n",
                              "  DataCopy(zGm, xLocal, length);\n"
                              "  if (GetBlockIdx() + 1 == GetBlockNum()) DataCopy(zGm[length + 2048], xLocal, length);\n"}});
    // A candidate that takes y from 4 KiB past its end, inside the allocator segment: the NPU reads
    // whatever lies there, so the result is garbage (the segment holds NaN here).
    DeriveFromSampleZero(8, {{"(__gm__ DTYPE_Y*)y + offset, length", "(__gm__ DTYPE_Y*)y + offset + 1024, length"}});
  }
  static void TearDownTestSuite() { fs::remove_all(root_); }

  // Sample `sample`: the correct sample 0 with each (line, replacement) of `edits` applied, so the
  // fixture holds the kernel once; `header` (name, text) is written beside it when given.
  using Edits = std::vector<std::pair<std::string, std::string>>;
  static void DeriveFromSampleZero(int sample, const Edits& edits,
                                   const std::pair<std::string, std::string>& header = {}) {
    std::ifstream in(root_ / "samples/level1/Math/ScaledAdd/sample0/op_kernel/scaled_add.cpp");
    std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const auto& [line, replacement] : edits) {
      const size_t at = source.find(line);
      ASSERT_NE(at, std::string::npos) << line;
      source.replace(at, line.size(), replacement);
    }
    const fs::path kernelDir = root_ / ("samples/level1/Math/ScaledAdd/sample" + std::to_string(sample)) / "op_kernel";
    fs::create_directories(kernelDir);
    std::ofstream(kernelDir / "scaled_add.cpp") << source;
    if (!header.first.empty()) std::ofstream(kernelDir / header.first) << header.second;
  }

  void SetUp() override {
    if (!CheckBubblewrap().works) GTEST_SKIP() << "bubblewrap does not work here: " << CheckBubblewrap().reason;
    setup_.buildCacheDir = root_ / "cache";
    setup_.sandbox.isolation = Isolation::Bubblewrap;
    setup_.sandbox.limits.wallSeconds = 20;
  }

  // Inputs x, y (`length` floats) and alpha; the golden z = x + alpha * y. The recorded call passes
  // x, y, alpha and the output z (all NaN, as pybind.cpp's torch::empty might leave it), and
  // ModelNew returns z.
  static GoldenCase WriteGolden(const std::string& name, size_t length) {
    GoldenCase golden;
    golden.dir = root_ / "golden" / name;  // like the golden cache: one folder of case folders
    fs::create_directories(golden.dir);
    std::vector<float> x(length), y(length), z(length), unset(length, std::nanf(""));
    for (size_t i = 0; i < length; ++i) {
      x[i] = 0.25f * static_cast<float>(i) - 3.0f;
      y[i] = 10.0f - 1.5f * static_cast<float>(i);
      z[i] = x[i] + kAlpha * y[i];
    }
    const std::vector<int64_t> shape = {static_cast<int64_t>(length)};
    ManifestValue alpha;
    alpha.name = "alpha";
    alpha.kind = ValueKind::Scalar;
    alpha.dtype = TorchDtype::Float64;
    alpha.value = kAlpha;
    golden.manifest.inputs = {WriteTensor(golden.dir, "x", TorchDtype::Float32, shape, FloatBytes(x)),
                              WriteTensor(golden.dir, "y", TorchDtype::Float32, shape, FloatBytes(y)), alpha};
    golden.manifest.outputs = {WriteTensor(golden.dir, "z", TorchDtype::Float32, shape, FloatBytes(z))};
    OpCall call{"aclnnScaledAdd", "pybind.cpp:9", {}, {}};
    call.arguments = {golden.manifest.inputs[0], golden.manifest.inputs[1], alpha,
                      WriteTensor(golden.dir, "call_arg3", TorchDtype::Float32, shape, FloatBytes(unset))};
    call.results = {{3, std::nullopt, 0, shape, {1}}};
    golden.manifest.call = call;
    WriteManifest(golden.dir, golden.manifest);
    return golden;
  }

  UnitRun Run(int sample, const GoldenCase& golden) {
    const std::vector<Candidate> candidates = SampleCandidates(root_ / "samples", task_);
    const auto found = std::find_if(candidates.begin(), candidates.end(),
                                    [&](const Candidate& candidate) { return candidate.sample == sample; });
    if (found == candidates.end()) throw std::runtime_error("no sample " + std::to_string(sample));
    return RunUnit(setup_, task_, *found, golden, root_ / ("work-" + std::to_string(sample)));
  }

  static std::string Describe(const UnitRun& run) {
    return (run.failure ? ToString(*run.failure) : "ran") + std::string(": ") + run.detail;
  }

  static fs::path root_;
  Task task_ = ScaledAddTask();
  UnitSetup setup_;
};
fs::path RunUnitTest::root_;

TEST_F(RunUnitTest, CorrectCandidateProducesTheGoldenOutputsAndRebuildsFromCache) {
  const GoldenCase golden = WriteGolden("ok", 64);
  const UnitRun cold = Run(0, golden);
  ASSERT_FALSE(cold.failure) << Describe(cold);
  EXPECT_FALSE(cold.buildCacheHit);
  EXPECT_EQ(cold.blockDim, 4u);
  ASSERT_TRUE(cold.timing) << "the cost model's time of the launch";
  EXPECT_GT(cold.timing->microseconds, 0);
  EXPECT_GT(cold.timing->cycles, 0u);
  EXPECT_FALSE(cold.timing->bound.empty());
  EXPECT_EQ(cold.timing->profile.at("microseconds"), cold.timing->microseconds);
  EXPECT_EQ(cold.timing->profile.at("block_dim"), 4);
  const Manifest outputs = ReadManifest(cold.outputDir);
  ASSERT_EQ(outputs.outputs.size(), 1u);
  EXPECT_EQ(ReadFloats(outputs.outputs[0]), ReadFloats(golden.manifest.outputs[0]));

  const UnitRun warm = Run(0, golden);
  ASSERT_FALSE(warm.failure) << Describe(warm);
  EXPECT_TRUE(warm.buildCacheHit);
  EXPECT_EQ(ReadFloats(ReadManifest(warm.outputDir).outputs[0]), ReadFloats(golden.manifest.outputs[0]));
  std::cout << "ScaledAdd per-candidate time: cold build " << cold.buildSeconds << " s + run " << cold.runSeconds
            << " s; warm build " << warm.buildSeconds << " s + run " << warm.runSeconds << " s\n";
}

TEST_F(RunUnitTest, UnsynchronisedPipesPassInAutoSyncModeAndAreASimErrorInStrictMode) {
  const GoldenCase golden = WriteGolden("sync", 64);
  const UnitRun automatic = Run(5, golden);
  ASSERT_FALSE(automatic.failure) << Describe(automatic);
  EXPECT_EQ(ReadFloats(ReadManifest(automatic.outputDir).outputs[0]), ReadFloats(golden.manifest.outputs[0]));
  ASSERT_TRUE(automatic.timing);
  EXPECT_GT(automatic.timing->microseconds, 0);

  setup_.syncMode = SyncMode::Strict;
  const UnitRun strict = Run(5, golden);
  ASSERT_EQ(strict.failure, Verdict::SimError) << Describe(strict);
  EXPECT_EQ(strict.diagnosticKind, "sync-hazard");
  EXPECT_FALSE(strict.timing) << "a failed launch has no time";
  const UnitRun synchronised = Run(0, golden);
  EXPECT_FALSE(synchronised.failure) << "sample 0 orders its pipes with barriers: " << Describe(synchronised);
}

TEST_F(RunUnitTest, TilingFunctionReturningGraphFailedIsATilingError) {
  const GoldenCase golden = WriteGolden("tiling", 24);  // not a multiple of 4 blocks x 8 elements
  const UnitRun run = Run(0, golden);
  ASSERT_EQ(run.failure, Verdict::TilingError) << Describe(run);
  EXPECT_NE(run.detail.find("GRAPH_FAILED"), std::string::npos) << run.detail;
  EXPECT_NE(run.detail.find("ScaledAdd: 24 elements do not split into 4 blocks"), std::string::npos)
      << "the tiling function's own reason reaches the record: " << run.detail;
}

TEST_F(RunUnitTest, SyntaxErrorIsACompileErrorWithTheCompilerLog) {
  const UnitRun run = Run(1, WriteGolden("syntax", 64));
  ASSERT_EQ(run.failure, Verdict::CompileError) << Describe(run);
  EXPECT_NE(run.detail.find("scaled_add.cpp:5"), std::string::npos) << run.detail;
  EXPECT_NE(run.detail.find("error: expected primary-expression"), std::string::npos) << run.detail;
}

TEST_F(RunUnitTest, ReadingPastAGmBufferIsASimError) {
  const UnitRun run = Run(2, WriteGolden("oob", 64));
  ASSERT_EQ(run.failure, Verdict::SimError) << Describe(run);
  EXPECT_EQ(run.diagnosticKind, "gm-out-of-bounds");
  ASSERT_FALSE(run.diagnostics.empty());
  EXPECT_NE(run.diagnostics[0].file.find("scaled_add.cpp"), std::string::npos);
  EXPECT_EQ(run.diagnostics[0].line, 15u);
  // The record's detail says where, not only what.
  EXPECT_EQ(run.detail.rfind("gm-out-of-bounds: ", 0), 0u) << run.detail;
  EXPECT_NE(run.detail.find("scaled_add.cpp:15 in "), std::string::npos) << run.detail;
}

// 128 floats fill 512 bytes exactly; torch_npu allocates 32 bytes more, rounded up to 512, so a
// store of one block past the end is the NPU's behaviour, not an error.
TEST_F(RunUnitTest, StoringOneBlockPastATensorsEndStaysInsideTheAllocatorsSlack) {
  const UnitRun run = Run(6, WriteGolden("slack", 128));
  EXPECT_FALSE(run.failure.has_value()) << Describe(run);
}

// Past the block but inside its 2 MiB segment the NPU does not fault either: the store lands in
// memory no other tensor holds, and the record keeps the warning.
TEST_F(RunUnitTest, StoringPastATensorsBlockInsideItsSegmentPassesWithAWarning) {
  const UnitRun run = Run(7, WriteGolden("segment", 128));
  ASSERT_FALSE(run.failure.has_value()) << Describe(run);
  ASSERT_EQ(run.diagnostics.size(), 1u) << Describe(run);
  EXPECT_EQ(run.diagnostics[0].severity, "warning");
  EXPECT_EQ(run.diagnostics[0].kind, "gm-out-of-bounds");
  EXPECT_EQ(run.diagnostics[0].line, 29u);
  EXPECT_NE(run.diagnostics[0].message.find("bytes [8704, 8832) lie in the rest of the buffer's allocator segment"),
            std::string::npos)
      << run.diagnostics[0].message;
}

// What a kernel reads past a tensor's end is not data: the segment holds NaN, so the result is wrong.
TEST_F(RunUnitTest, ReadingPastATensorInsideItsSegmentGivesGarbage) {
  const GoldenCase golden = WriteGolden("garbage", 64);
  const UnitRun run = Run(8, golden);
  ASSERT_FALSE(run.failure.has_value()) << Describe(run);
  ASSERT_FALSE(run.diagnostics.empty());
  EXPECT_EQ(run.diagnostics[0].kind, "gm-out-of-bounds");
  for (const float value : ReadFloats(ReadManifest(run.outputDir).outputs[0])) EXPECT_TRUE(std::isnan(value)) << value;
}

TEST_F(RunUnitTest, NullDereferenceInHostTilingIsACrash) {
  const UnitRun run = Run(3, WriteGolden("segv", 64));
  ASSERT_EQ(run.failure, Verdict::Crash) << Describe(run);
  EXPECT_NE(run.detail.find("SIGSEGV"), std::string::npos) << run.detail;
}

TEST_F(RunUnitTest, EndlessKernelIsATimeout) {
  setup_.sandbox.limits.wallSeconds = 1;
  const UnitRun run = Run(4, WriteGolden("loop", 64));
  ASSERT_EQ(run.failure, Verdict::Timeout) << Describe(run);
  EXPECT_GE(run.runSeconds, 1.0);
  EXPECT_LT(run.runSeconds, 5.0);
}

// Core types as CANN's Atlas A2 build decides them: a kernel runs on cube cores only when its compiled
// code has cube work or its declared type starts them. Guards alone never make a kernel mixed.
const std::string kFirstLine = "  (void)workspace;\n";
const std::string kLastLines = "  DataCopy(zGm, xLocal, length);\n}";

TEST_F(RunUnitTest, VectorKernelsGuardedByTheirCoreTypeRunOnTheVectorCoresOnly) {
  const GoldenCase golden = WriteGolden("guards", 64);
  DeriveFromSampleZero(20, {{kFirstLine, kFirstLine + "  if (g_coreType == AIV) {\n"},
                            {kLastLines, "  DataCopy(zGm, xLocal, length);\n  SyncAll<true>();\n  }\n}"}});
  DeriveFromSampleZero(21, {{kFirstLine, kFirstLine + "  if ASCEND_IS_AIV {\n"}, {kLastLines, "  DataCopy(zGm, xLocal, length);\n  }\n}"}});
  // Cube calls that reach no object: a comment, a branch the preprocessor drops, an unused header.
  DeriveFromSampleZero(22,
                       {{"#include \"kernel_operator.h\"\n",
                         "#include \"kernel_operator.h\"\n#include \"cube_helpers.h\"\n// Mmad(c, a, b, params) would go here\n"
                         "#if 0\nvoid Unbuilt() { Fixpipe(); }\n#endif\n"}},
                       {"cube_helpers.h",
                        "#pragma once\n#include \"kernel_operator.h\"\n"
                        "inline void NeverCalled(const AscendC::LocalTensor<float>& c, const AscendC::LocalTensor<half>& a,\n"
                        "                        const AscendC::LocalTensor<half>& b) {\n"
                        "  AscendC::Mmad(c, a, b, AscendC::MmadParams(16, 16, 16, 0, false, true));\n}\n"});
  for (const int sample : {20, 21, 22}) {
    SCOPED_TRACE(sample);
    const UnitRun run = Run(sample, golden);
    ASSERT_FALSE(run.failure) << Describe(run);
    EXPECT_TRUE(run.diagnostics.empty()) << Describe(run);
    EXPECT_EQ(ReadFloats(ReadManifest(run.outputDir).outputs[0]), ReadFloats(golden.manifest.outputs[0]));
  }
}

// A header's class-template constants used by reference are one weak definition per core-type build;
// the two builds of a kernel that runs on both must still link (GeGluV2's ERF_PARAM4).
TEST_F(RunUnitTest, ClassTemplateConstantsLinkInAKernelBuiltForBothCoreTypes) {
  const GoldenCase golden = WriteGolden("constants", 64);
  DeriveFromSampleZero(
      23,
      {{"#include \"kernel_operator.h\"\n", "#include \"kernel_operator.h\"\n#include \"unit_scale.h\"\n"},
       {kFirstLine, kFirstLine + "  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);\n  if ASCEND_IS_AIV {\n"},
       {"static_cast<DTYPE_Y>(tilingData.alpha)",
        "static_cast<DTYPE_Y>(tilingData.alpha * *static_cast<const volatile DTYPE_Y*>(&UnitScale<DTYPE_Y>::kOne))"},
       {kLastLines, "  DataCopy(zGm, xLocal, length);\n  }\n}"}},
      {"unit_scale.h", "#pragma once\ntemplate <class T>\nstruct UnitScale {\n  static constexpr T kOne = 1;\n};\n"});
  const UnitRun run = Run(23, golden);
  ASSERT_FALSE(run.failure) << Describe(run);
  EXPECT_EQ(ReadFloats(ReadManifest(run.outputDir).outputs[0]), ReadFloats(golden.manifest.outputs[0]));
}

// Each KernelMetaType value on a vector kernel whose first vector core of each block does the work:
// types that start vector cores give the right result, AIC_ONLY and MIX_AIC_1_0 start none (z stays
// unset, as on the NPU), and the Atlas inference series' four are ignored with a warning.
TEST_F(RunUnitTest, EachDeclaredKernelTypeRunsTheCoresItNames) {
  const GoldenCase golden = WriteGolden("kernel-types", 64);
  struct Expectation {
    std::string type;
    bool vectorCoresRun;
    bool warns;
  };
  const std::vector<Expectation> expectations = {
      {"KERNEL_TYPE_AIV_ONLY", true, false},    {"KERNEL_TYPE_AIC_ONLY", false, false},
      {"KERNEL_TYPE_MIX_AIV_1_0", true, false}, {"KERNEL_TYPE_MIX_AIC_1_0", false, false},
      {"KERNEL_TYPE_MIX_AIC_1_1", true, false}, {"KERNEL_TYPE_MIX_AIC_1_2", true, false},
      {"KERNEL_TYPE_AICORE", true, true},       {"KERNEL_TYPE_VECTORCORE", true, true},
      {"KERNEL_TYPE_MIX_AICORE", true, true},   {"KERNEL_TYPE_MIX_VECTOR_CORE", true, true},
  };
  int sample = 30;
  for (const Expectation& expected : expectations) {
    SCOPED_TRACE(expected.type);
    DeriveFromSampleZero(sample, {{kFirstLine, kFirstLine + "  KERNEL_TASK_TYPE_DEFAULT(" + expected.type +
                                                   ");\n  if ASCEND_IS_AIV {\n  if (GetSubBlockIdx() != 0) return;\n"},
                                  {"static_cast<uint32_t>(GetBlockIdx())",
                                   "static_cast<uint32_t>(GetBlockIdx() / GetTaskRatio())"},
                                  {kLastLines, "  DataCopy(zGm, xLocal, length);\n  }\n}"}});
    const UnitRun run = Run(sample++, golden);
    ASSERT_FALSE(run.failure) << Describe(run);
    const std::vector<float> z = ReadFloats(ReadManifest(run.outputDir).outputs[0]);
    if (expected.vectorCoresRun) {
      EXPECT_EQ(z, ReadFloats(golden.manifest.outputs[0]));
    } else {
      for (const float value : z) EXPECT_TRUE(std::isnan(value)) << value;
    }
    const bool warned = std::any_of(run.diagnostics.begin(), run.diagnostics.end(), [](const auto& diagnostic) {
      return diagnostic.kind == "unsupported" && diagnostic.message.find("Atlas A2 build ignores it") != std::string::npos;
    });
    EXPECT_EQ(warned, expected.warns) << Describe(run);
  }
}

// Cube work in the cube core's build keeps a kernel mixed, one cube and two vector cores per block,
// though the cube call never runs: the vector cores check they are two.
TEST_F(RunUnitTest, AKernelWithCubeWorkStaysMixed) {
  const GoldenCase golden = WriteGolden("mixed", 64);
  DeriveFromSampleZero(
      24, {{kFirstLine, kFirstLine +
                            "  if ASCEND_IS_AIC {\n"
                            "    if (GetBlockNum() > 100000) {\n"
                            "      TPipe cubePipe;\n"
                            "      TBuf<TPosition::A2> a;\n      TBuf<TPosition::B2> b;\n      TBuf<TPosition::CO1> c;\n"
                            "      cubePipe.InitBuffer(a, 512);\n      cubePipe.InitBuffer(b, 512);\n"
                            "      cubePipe.InitBuffer(c, 1024);\n"
                            "      Mmad(c.Get<float>(), a.Get<half>(), b.Get<half>(), MmadParams(16, 16, 16, 0, false, true));\n"
                            "    }\n    return;\n  }\n"
                            "  if (GetTaskRatio() != 2 || GetSubBlockIdx() != 0) return;\n"},
           {"static_cast<uint32_t>(GetBlockIdx())", "static_cast<uint32_t>(GetBlockIdx() / GetTaskRatio())"}});
  const UnitRun run = Run(24, golden);
  ASSERT_FALSE(run.failure) << Describe(run);
  EXPECT_EQ(ReadFloats(ReadManifest(run.outputDir).outputs[0]), ReadFloats(golden.manifest.outputs[0]));
}

TEST(RunnerProtocol, TheSyncModeTimingOnlyAndTheTimingCrossTheProcessBoundary) {
  RunnerRequest request;
  request.syncMode = SyncMode::Strict;
  EXPECT_EQ(RunnerRequestFromJson(ToJson(request)).syncMode, SyncMode::Strict);
  nlohmann::json misspelt = ToJson(request);
  misspelt["syncMode"] = "lazy";
  try {
    RunnerRequestFromJson(misspelt);
    ADD_FAILURE() << "an unknown sync mode is read";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("unknown sync mode \"lazy\"; use auto or strict"), std::string::npos)
        << error.what();
  }

  request.timingOnly = true;
  request.inputs = {{"x", {{{1 << 15, 1 << 15}, "DT_FLOAT16", "x.bin", false, true}}, false}};
  const RunnerRequest timingOnly = RunnerRequestFromJson(ToJson(request));
  EXPECT_TRUE(timingOnly.timingOnly);
  EXPECT_TRUE(timingOnly.inputs.at(0).tensors.at(0).zeroFilled);

  RunnerResult result;
  EXPECT_FALSE(RunnerResultFromJson(ToJson(result)).timing);
  result.timing = LaunchTiming{12.5, 900, "MTE2", {{"cycles", 900}}};
  const RunnerResult read = RunnerResultFromJson(ToJson(result));
  ASSERT_TRUE(read.timing);
  EXPECT_EQ(read.timing->microseconds, 12.5);
  EXPECT_EQ(read.timing->cycles, 900u);
  EXPECT_EQ(read.timing->bound, "MTE2");
  EXPECT_EQ(read.timing->profile.at("cycles"), 900);
}

OpSignature ScaledAddSignature() {
  return {"ScaledAdd",
          {{"x", "required", {"DT_FLOAT"}}, {"bias", "optional", {"DT_FLOAT16"}}, {"ys", "dynamic", {"DT_FLOAT"}}},
          {{"z", "required", {"DT_FLOAT"}}},
          {{"alpha", "float", false}, {"mode", "int", false}, {"axes", "list_int", false}}};
}

ManifestValue Value(ValueKind kind, TorchDtype dtype, nlohmann::json value = nullptr) {
  ManifestValue made;
  made.kind = kind;
  made.dtype = dtype;
  made.value = std::move(value);
  return made;
}

ManifestValue Tensor(const std::string& name, TorchDtype dtype) {
  ManifestValue value = Value(ValueKind::Tensor, dtype);
  value.name = name;
  value.shape = {2, 3};
  value.file = "/golden/" + name + ".bin";
  return value;
}

// x, no bias, ys = [a, b], alpha = inf, mode = 2.0 (pybind passed a double), default axes, z; ModelNew
// returns z's second row, then b (updated in place).
Manifest ScaledAddCall() {
  ManifestValue ys = Value(ValueKind::TensorList, TorchDtype::Float32);
  ys.items = {Tensor("a", TorchDtype::Float32), Tensor("b", TorchDtype::Float32)};
  Manifest golden;
  golden.call = OpCall{"aclnnScaledAdd", "pybind.cpp:12", {}, {}};
  golden.call->arguments = {Tensor("x", TorchDtype::Float32),
                            Value(ValueKind::None, TorchDtype::Float32),
                            ys,
                            Value(ValueKind::Scalar, TorchDtype::Float64, "inf"),
                            Value(ValueKind::Scalar, TorchDtype::Float64, 2.0),
                            Value(ValueKind::None, TorchDtype::Float32),
                            Tensor("z", TorchDtype::Float16)};
  golden.call->results = {{6, std::nullopt, 3, {3}, {1}}, {2, 1, 0, {2, 3}, {3, 1}}};
  return golden;
}

TEST(ArgumentMapping, TheCallsArgumentsFillInputsAttributesAndOutputsInDeclarationOrder) {
  const ArgumentMapping mapping = MapArguments(ScaledAddSignature(), "scaled_add", ScaledAddCall());
  ASSERT_EQ(mapping.problem, "");
  ASSERT_EQ(mapping.request.inputs.size(), 3u);
  EXPECT_EQ(mapping.request.inputs[0].tensors.at(0).file, "x.bin");
  EXPECT_TRUE(mapping.request.inputs[1].tensors.empty());  // the absent OPTIONAL bias
  EXPECT_TRUE(mapping.request.inputs[2].dynamic);
  ASSERT_EQ(mapping.request.inputs[2].tensors.size(), 2u);
  EXPECT_EQ(mapping.request.inputs[2].tensors[1].file, "b.bin");
  EXPECT_EQ(mapping.inputTypes, (std::vector<std::string>{"DT_FLOAT", "DT_FLOAT16", "DT_FLOAT"}));
  EXPECT_EQ(mapping.outputTypes, std::vector<std::string>{"DT_FLOAT16"});
  ASSERT_EQ(mapping.request.attrs.size(), 2u);  // `axes` keeps its default
  EXPECT_TRUE(std::isinf(mapping.request.attrs[0].value.get<double>()));
  EXPECT_EQ(mapping.request.attrs[1].value, 2) << "an int attribute gets an integer";
  ASSERT_EQ(mapping.files.size(), 4u);
  EXPECT_EQ(mapping.files[2].source, fs::path("/golden/b.bin"));
  ASSERT_EQ(mapping.results.size(), 2u);
  EXPECT_EQ(mapping.results[0].file, "z.bin");
  EXPECT_EQ(mapping.results[0].view.offset, 3);
  EXPECT_EQ(mapping.results[1].file, "b.bin");
  EXPECT_TRUE(mapping.request.outputs[0].tensors[0].writeBack);
  EXPECT_TRUE(mapping.request.inputs[2].tensors[1].writeBack) << "an input ModelNew returns is written back";
  EXPECT_FALSE(mapping.request.inputs[2].tensors[0].writeBack);
}

// A timing-only manifest: tensors without contents start as zeros and are copied from nowhere; values
// the manifest kept (an int array) still are.
TEST(ArgumentMapping, TensorsATimingOnlyManifestKeptNoContentsOfStartAsZeros) {
  Manifest golden = ScaledAddCall();
  golden.timingOnly = true;
  golden.call->results.clear();
  golden.call->arguments[0].file.clear();
  golden.call->arguments[0].shape = {1 << 15, 1 << 15};
  const ArgumentMapping mapping = MapArguments(ScaledAddSignature(), "scaled_add", golden);
  ASSERT_EQ(mapping.problem, "");
  EXPECT_TRUE(mapping.request.timingOnly);
  const TensorArgument& x = mapping.request.inputs[0].tensors.at(0);
  EXPECT_TRUE(x.zeroFilled);
  EXPECT_EQ(x.file, "x.bin");
  EXPECT_EQ(x.shape, (std::vector<int64_t>{1 << 15, 1 << 15}));
  EXPECT_FALSE(mapping.request.inputs[2].tensors[0].zeroFilled);
  for (const RunFile& file : mapping.files) EXPECT_NE(file.name, "x.bin") << "no file for a zero-filled tensor";
  EXPECT_TRUE(mapping.results.empty());
}

TEST(ArgumentMapping, AnIntArrayAtAnInputBecomesAnInt64Tensor) {
  Manifest golden = ScaledAddCall();
  golden.call->arguments[0] = Value(ValueKind::ScalarList, TorchDtype::Int64, {4, 5, 6});
  const ArgumentMapping mapping = MapArguments(ScaledAddSignature(), "scaled_add", golden);
  ASSERT_EQ(mapping.problem, "");
  EXPECT_EQ(mapping.request.inputs[0].tensors.at(0).dataType, "DT_INT64");
  EXPECT_EQ(mapping.request.inputs[0].tensors.at(0).shape, std::vector<int64_t>{3});
  ASSERT_EQ(mapping.files[0].bytes.size(), 3 * sizeof(int64_t));
  int64_t second = 0;
  std::memcpy(&second, mapping.files[0].bytes.data() + sizeof(int64_t), sizeof second);
  EXPECT_EQ(second, 5);
}

TEST(ArgumentMapping, AScalarForATensorInputTakesTheDeclaredDtypeOfTheCallsCombination) {
  // Like NPUKernelBench's Muls: x is float16 or float32, `value` always float32, passed as a Scalar.
  const OpSignature muls{
      "Muls",
      {{"x", "required", {"DT_FLOAT", "DT_FLOAT16"}}, {"value", "required", {"DT_FLOAT", "DT_FLOAT16"}}},
      {{"y", "required", {"DT_FLOAT", "DT_FLOAT16"}}},
      {}};
  Manifest golden;
  golden.call = OpCall{"aclnnMuls", "pybind.cpp:9", {}, {}};
  golden.call->arguments = {Tensor("x", TorchDtype::Float16), Value(ValueKind::Scalar, TorchDtype::Float64, 1.5),
                            Tensor("y", TorchDtype::Float16)};
  golden.call->results = {{2, std::nullopt, 0, {2, 3}, {3, 1}}};
  const ArgumentMapping mapping = MapArguments(muls, "muls", golden);
  ASSERT_EQ(mapping.problem, "");
  const TensorArgument& value = mapping.request.inputs[1].tensors.at(0);
  EXPECT_EQ(value.dataType, "DT_FLOAT16") << "the column float16 x selects";
  EXPECT_EQ(value.shape, std::vector<int64_t>{1});
  ASSERT_EQ(mapping.files[1].bytes.size(), 2u);
  EXPECT_EQ(ReadElement(TorchDtype::Float16, mapping.files[1].bytes.data(), 0).real, 1.5);
}

TEST(ArgumentMapping, ScalarsForEveryInputTakeTheColumnTheOutputSelects) {
  // Like NPUKernelBench's Arange: start, end and step are scalars, so only the int32 output tells the
  // column; the first column (float) would make DTYPE_START float.
  const std::vector<std::string> types = {"DT_FLOAT", "DT_FLOAT16", "DT_INT32"};
  const OpSignature arange{
      "Arange", {{"start", "required", types}, {"end", "required", types}}, {{"y", "required", types}}, {}};
  Manifest golden;
  golden.call = OpCall{"aclnnArange", "pybind.cpp:20", {}, {}};
  golden.call->arguments = {Value(ValueKind::Scalar, TorchDtype::Int32, 2),
                            Value(ValueKind::Scalar, TorchDtype::Int32, 9), Tensor("y", TorchDtype::Int32)};
  const ArgumentMapping mapping = MapArguments(arange, "arange", golden);
  ASSERT_EQ(mapping.problem, "");
  EXPECT_EQ(mapping.inputTypes, (std::vector<std::string>{"DT_INT32", "DT_INT32"}));
  EXPECT_EQ(mapping.request.inputs[1].tensors.at(0).dataType, "DT_INT32");
}

TEST(ArgumentMapping, AScalarListForATensorInputIsATensorOfTheColumnATensorListSelects) {
  // Like NPUKernelBench's ForeachAddScalarList: x is a float16 tensor list, `scalars` an aclScalarList
  // declared float for float16 inputs.
  const OpSignature foreach{
      "ForeachAddScalarList",
      {{"x", "dynamic", {"DT_INT32", "DT_FLOAT16"}}, {"scalars", "required", {"DT_INT64", "DT_FLOAT"}}},
      {{"y", "dynamic", {"DT_INT32", "DT_FLOAT16"}}},
      {}};
  Manifest golden;
  golden.call = OpCall{"aclnnForeachAddScalarList", "pybind.cpp:65", {}, {}};
  ManifestValue xs = Value(ValueKind::TensorList, TorchDtype::Float16);
  xs.items = {Tensor("x0", TorchDtype::Float16), Tensor("x1", TorchDtype::Float16)};
  ManifestValue ys = xs;
  ys.items = {Tensor("y0", TorchDtype::Float16), Tensor("y1", TorchDtype::Float16)};
  golden.call->arguments = {xs, Value(ValueKind::ScalarList, TorchDtype::Float64, {0.5, -2.0}), ys};
  const ArgumentMapping mapping = MapArguments(foreach, "foreach_add_scalar_list", golden);
  ASSERT_EQ(mapping.problem, "");
  const TensorArgument& scalars = mapping.request.inputs[1].tensors.at(0);
  EXPECT_EQ(scalars.dataType, "DT_FLOAT");
  EXPECT_EQ(scalars.shape, std::vector<int64_t>{2});
  const RunFile& file = *std::find_if(mapping.files.begin(), mapping.files.end(),
                                      [&](const RunFile& candidate) { return candidate.name == scalars.file; });
  ASSERT_EQ(file.bytes.size(), 8u);
  EXPECT_EQ(ReadElement(TorchDtype::Float32, file.bytes.data(), 1).real, -2.0);
}

TEST(ArgumentMapping, AnIntegerReductionForAStringAttributeIsPyTorchsReductionName) {
  // aclnnMseLossBackward takes at::Reduction's int64 (0 none, 1 mean, 2 sum) for the op's string attribute.
  const OpSignature op{"MseLossGradV2",
                       {{"x", "required", {"DT_FLOAT"}}},
                       {{"y", "required", {"DT_FLOAT"}}},
                       {{"reduction", "string", false}}};
  Manifest golden;
  golden.call = OpCall{"aclnnMseLossBackward", "pybind.cpp:40", {}, {}};
  golden.call->arguments = {Tensor("x", TorchDtype::Float32), Value(ValueKind::Scalar, TorchDtype::Int64, 2),
                            Tensor("y", TorchDtype::Float32)};
  const ArgumentMapping mapping = MapArguments(op, "mse_loss_grad_v2", golden);
  ASSERT_EQ(mapping.problem, "");
  ASSERT_EQ(mapping.request.attrs.size(), 1u);
  EXPECT_EQ(mapping.request.attrs[0].value, "sum");
  golden.call->arguments[1] = Value(ValueKind::Scalar, TorchDtype::Int64, 7);
  EXPECT_NE(MapArguments(op, "mse_loss_grad_v2", golden).problem.find("attribute reduction, string"),
            std::string::npos);
}

// CANN's built-in aclnnMseLossBackward(gradOutput, self, target, reduction, out) runs MseLossGradV2
// with predict = self, label = target and dout = gradOutput: the call is reordered to the OpDef's.
TEST(ArgumentMapping, ABuiltinAclnnApiIsReorderedToTheOpDefsOrder) {
  const OpSignature op{
      "MseLossGradV2",
      {{"predict", "required", {"DT_FLOAT"}}, {"label", "required", {"DT_FLOAT"}}, {"dout", "required", {"DT_FLOAT"}}},
      {{"y", "required", {"DT_FLOAT"}}},
      {{"reduction", "string", false}}};
  Manifest golden;
  golden.call = OpCall{"aclnnMseLossBackward", "pybind.cpp:31", {}, {}};
  golden.call->arguments = {Tensor("gradOutput", TorchDtype::Float32), Tensor("self", TorchDtype::Float32),
                            Tensor("target", TorchDtype::Float32), Value(ValueKind::Scalar, TorchDtype::Int64, 1),
                            Tensor("out", TorchDtype::Float32)};
  golden.call->results = {{4, std::nullopt, 0, {2, 3}, {3, 1}}};
  const ArgumentMapping mapping = MapArguments(op, "mse_loss_grad_v2", golden);
  ASSERT_EQ(mapping.problem, "");
  ASSERT_EQ(mapping.request.inputs.size(), 3u);
  EXPECT_EQ(mapping.request.inputs[0].tensors.at(0).file, "self.bin");
  EXPECT_EQ(mapping.request.inputs[1].tensors.at(0).file, "target.bin");
  EXPECT_EQ(mapping.request.inputs[2].tensors.at(0).file, "gradOutput.bin");
  EXPECT_EQ(mapping.request.attrs.at(0).value, "mean");
  ASSERT_EQ(mapping.results.size(), 1u);
  EXPECT_EQ(mapping.results[0].file, "out.bin");
  EXPECT_TRUE(mapping.request.outputs.at(0).tensors.at(0).writeBack);
  // The generated aclnnMseLossGradV2 follows the OpDef already.
  golden.call->api = "aclnnMseLossGradV2";
  EXPECT_EQ(MapArguments(op, "mse_loss_grad_v2", golden).request.inputs[0].tensors.at(0).file, "gradOutput.bin");
}

TEST(ArgumentMapping, AnOutputNamedLikeAnInputIsThatInputAndTakesNoArgument) {
  // Like NPUKernelBench's Eye: y is both input and output, written in place.
  const OpSignature eye{
      "Eye", {{"y", "required", {"DT_FLOAT"}}}, {{"y", "required", {"DT_FLOAT"}}}, {{"num_rows", "int", true}}};
  Manifest golden;
  golden.call = OpCall{"aclnnEye", "pybind.cpp:12", {}, {}};
  golden.call->arguments = {Tensor("y", TorchDtype::Float32), Value(ValueKind::Scalar, TorchDtype::Int64, 3)};
  golden.call->results = {{0, std::nullopt, 0, {2, 3}, {3, 1}}};
  const ArgumentMapping mapping = MapArguments(eye, "eye", golden);
  ASSERT_EQ(mapping.problem, "");
  ASSERT_EQ(mapping.request.outputs.size(), 1u);
  EXPECT_EQ(mapping.request.outputs[0].tensors.at(0).file, mapping.request.inputs[0].tensors.at(0).file);
  EXPECT_TRUE(mapping.request.inputs[0].tensors[0].writeBack);
  EXPECT_EQ(mapping.outputTypes, std::vector<std::string>{"DT_FLOAT"});
}

TEST(ArgumentMapping, MisfitsNameTheEXEC_NPU_CMDLineAndTheParameter) {
  Manifest golden = ScaledAddCall();
  golden.call->arguments.pop_back();
  EXPECT_EQ(MapArguments(ScaledAddSignature(), "k", golden).problem,
            "pybind.cpp:12: aclnnScaledAdd passes 6 arguments, but op ScaledAdd declares 3 inputs (x, bias, ys), "
            "3 attributes (alpha, mode, axes) and 1 output (z); aclnn takes the inputs, then the attributes, then the "
            "outputs");
  golden = ScaledAddCall();
  golden.call->arguments[0] = Value(ValueKind::None, TorchDtype::Float32);
  EXPECT_NE(MapArguments(ScaledAddSignature(), "k", golden)
                .problem.find("argument 0 (x): a REQUIRED parameter gets no tensor"),
            std::string::npos);
  golden = ScaledAddCall();
  golden.call->arguments[2] = Tensor("single", TorchDtype::Float32);
  EXPECT_NE(MapArguments(ScaledAddSignature(), "k", golden).problem.find("declares it DYNAMIC"), std::string::npos);
  golden = ScaledAddCall();
  golden.call->arguments[4] = Value(ValueKind::String, TorchDtype::Float32, "sum");
  EXPECT_NE(
      MapArguments(ScaledAddSignature(), "k", golden).problem.find("(attribute mode, int): pybind.cpp passes a string"),
      std::string::npos);
}

TEST(CallResults, ReturnedViewsAreCutOutOfTheWrittenBackTensors) {
  char pattern[] = "/tmp/akgen-call-results-XXXXXX";
  ASSERT_NE(mkdtemp(pattern), nullptr);
  const fs::path dir = pattern;
  WriteTensor(dir, "arg2", TorchDtype::Float32, {6}, FloatBytes({0, 1, 2, 3, 4, 5}));
  const std::vector<ResultSource> results = {{"arg2.bin", TorchDtype::Float32, {2, std::nullopt, 1, {2}, {3}}},
                                             {"arg2.bin", TorchDtype::Float32, {2, std::nullopt, 0, {2, 3}, {3, 1}}}};
  WriteCandidateOutputs(dir, results, OutputStructure::Tuple);
  const Manifest written = ReadManifest(dir);
  EXPECT_EQ(written.outputStructure, OutputStructure::Tuple);
  ASSERT_EQ(written.outputs.size(), 2u);
  EXPECT_EQ(ReadFloats(written.outputs[0]), (std::vector<float>{1, 4}));  // a column of the 2x3 view
  EXPECT_EQ(written.outputs[1].shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(ReadFloats(written.outputs[1]), (std::vector<float>{0, 1, 2, 3, 4, 5}));
  EXPECT_THROW(WriteCandidateOutputs(dir, {{"arg2.bin", TorchDtype::Float32, {2, std::nullopt, 4, {2}, {2}}}},
                                     OutputStructure::Single),
               std::runtime_error);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace akgen::bench
