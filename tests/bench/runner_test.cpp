// One (candidate, case) end to end with real components: g++ builds our ScaledAdd test task's
// candidates (tests/bench/data/runner_tasks, NPUKernelBench answer layout), describe and runner run
// in the bubblewrap sandbox, and the outcome is classified. Also the argument mapping on its own.
#include "bench/runner/run_unit.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstring>
#include <fstream>
#include <iostream>

#include "bench/runner/argument_mapping.h"
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
  }
  static void TearDownTestSuite() { fs::remove_all(root_); }

  void SetUp() override {
    if (!CheckBubblewrap().works) GTEST_SKIP() << "bubblewrap does not work here: " << CheckBubblewrap().reason;
    setup_.buildCacheDir = root_ / "cache";
    setup_.sandbox.isolation = Isolation::Bubblewrap;
    setup_.sandbox.limits.wallSeconds = 20;
  }

  // Inputs x, y (`length` floats) and alpha; the golden z = x + alpha * y.
  static GoldenCase WriteGolden(const std::string& name, size_t length) {
    GoldenCase golden;
    golden.dir = root_ / ("golden-" + name);
    fs::create_directories(golden.dir);
    std::vector<float> x(length), y(length), z(length);
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
    WriteManifest(golden.dir, golden.manifest);
    return golden;
  }

  UnitRun Run(int sample, const GoldenCase& golden) {
    const std::vector<Candidate> candidates = SampleCandidates(kData / "samples", task_);
    EXPECT_GT(candidates.size(), static_cast<size_t>(sample));
    return RunUnit(setup_, task_, candidates.at(sample), golden, root_ / ("work-" + std::to_string(sample)));
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

TEST_F(RunUnitTest, TilingFunctionReturningGraphFailedIsATilingError) {
  const GoldenCase golden = WriteGolden("tiling", 24);  // not a multiple of 4 blocks x 8 elements
  const UnitRun run = Run(0, golden);
  ASSERT_EQ(run.failure, Verdict::TilingError) << Describe(run);
  EXPECT_NE(run.detail.find("GRAPH_FAILED"), std::string::npos) << run.detail;
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

OpSignature ScaledAddSignature() {
  return {"ScaledAdd",
          {{"x", "required", {"DT_FLOAT"}}, {"bias", "optional", {"DT_FLOAT16"}}, {"y", "required", {"DT_FLOAT"}}},
          {{"z", "required", {"DT_FLOAT"}}},
          {{"alpha", "float", false}, {"mode", "int", false}}};
}

ManifestValue Tensor(const std::string& name, TorchDtype dtype) {
  ManifestValue value;
  value.name = name;
  value.kind = ValueKind::Tensor;
  value.dtype = dtype;
  value.shape = {2, 3};
  value.file = "/golden/" + name + ".bin";
  return value;
}

TEST(ArgumentMapping, TensorsFillInputsInOrderAndOptionalOnesOnlyWhenTensorsRemain) {
  Manifest golden;
  ManifestValue alpha;
  alpha.kind = ValueKind::Scalar;
  alpha.value = "inf";
  golden.inputs = {Tensor("a", TorchDtype::Float32), alpha, Tensor("b", TorchDtype::Float32)};
  golden.outputs = {Tensor("out", TorchDtype::Float16)};
  const ArgumentMapping mapping = MapArguments(ScaledAddSignature(), "scaled_add", golden);
  ASSERT_EQ(mapping.problem, "");
  ASSERT_EQ(mapping.request.inputs.size(), 3u);
  EXPECT_EQ(mapping.request.inputs[0].tensor->file, "input_0.bin");
  EXPECT_FALSE(mapping.request.inputs[1].tensor);  // two tensors, two REQUIRED inputs: bias is absent
  EXPECT_EQ(mapping.request.inputs[2].tensor->file, "input_1.bin");
  EXPECT_EQ(mapping.inputTypes, (std::vector<std::string>{"DT_FLOAT", "DT_FLOAT16", "DT_FLOAT"}));
  EXPECT_EQ(mapping.outputTypes, std::vector<std::string>{"DT_FLOAT16"});
  ASSERT_EQ(mapping.request.attrs.size(), 1u);  // `mode` keeps its default
  EXPECT_EQ(mapping.request.attrs[0].name, "alpha");
  EXPECT_TRUE(std::isinf(mapping.request.attrs[0].value.get<double>()));
  EXPECT_EQ(mapping.inputFiles[1].first, "/golden/b.bin");
  EXPECT_EQ(mapping.candidateOutputs.outputs[0].file, "output_0.bin");

  golden.inputs.push_back(Tensor("c", TorchDtype::Float16));  // now bias takes the second tensor
  EXPECT_EQ(MapArguments(ScaledAddSignature(), "scaled_add", golden).request.inputs[1].tensor->file, "input_1.bin");
}

TEST(ArgumentMapping, MismatchesNameTheParameter) {
  Manifest golden;
  golden.inputs = {Tensor("a", TorchDtype::Float32)};
  golden.outputs = {Tensor("out", TorchDtype::Float32)};
  EXPECT_NE(MapArguments(ScaledAddSignature(), "k", golden).problem.find("REQUIRED input 'y' has no tensor"), std::string::npos);
  golden.inputs = {Tensor("a", TorchDtype::Float32), Tensor("b", TorchDtype::Float32)};
  golden.outputs.push_back(Tensor("extra", TorchDtype::Float32));
  EXPECT_NE(MapArguments(ScaledAddSignature(), "k", golden).problem.find("declares 1 outputs, the reference returns 2"),
            std::string::npos);
}

}  // namespace
}  // namespace akgen::bench
