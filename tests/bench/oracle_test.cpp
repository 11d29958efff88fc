#include "bench/oracle/oracle.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/compare/element_value.h"
#include "bench/oracle/oracle_error.h"
#include "bench/task/task_tree.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

const fs::path kTasks = fs::path(AKGEN_TEST_DATA_DIR) / "oracle_tasks";
const fs::path kSquareRoot = kTasks / "level1/Math/SquareRoot/validation";
const fs::path kScaledAdd = kTasks / "level2/Foreach/ForeachScaledAdd/validation";
const fs::path kSoftsign = kTasks / "level2/Activation/ScaledSoftsign/validation";

const CaseRow kSqrtHalf{{"case_id", "0"}, {"shape", "[4, 33]"}, {"dtype", "float16"}};
const CaseRow kSqrtBFloat16{{"case_id", "1"}, {"shape", "[2, 3, 17]"}, {"dtype", "bfloat16"}};
const CaseRow kSqrtFloat{{"case_id", "2"}, {"shape", "[1000]"}, {"dtype", "float32"}};

class OracleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-oracle-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    config_ = OracleConfigFromEnvironment(fs::path(AKGEN_SOURCE_DIR) / "python", root_ / "cache");
    config_.pybindCacheDir = AKGEN_TEST_PYBIND_CACHE;  // each task's pybind.cpp compiles once per build tree
  }
  void TearDown() override { fs::remove_all(root_); }

  // A copy of a task's validation folder that a test may edit.
  fs::path CopyTask(const fs::path& validationDir) {
    const fs::path copy = root_ / "task" / "validation";
    fs::create_directories(copy);
    fs::copy(validationDir, copy, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    return copy;
  }

  fs::path root_;
  OracleConfig config_;
};

std::vector<double> Elements(const ManifestValue& tensor) {
  const std::vector<std::byte> bytes = ReadTensorBytes(tensor);
  std::vector<double> values;
  for (int64_t i = 0; i < ElementCount(tensor.shape); ++i)
    values.push_back(ReadElement(tensor.dtype, bytes.data(), static_cast<size_t>(i)).real);
  return values;
}

void WriteFile(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// The OracleError message the request produces; a request that succeeds fails the test.
std::string OracleFailure(const OracleConfig& config, const OracleRequest& request) {
  try {
    ProduceGolden(config, request);
  } catch (const OracleError& error) {
    return error.what();
  }
  ADD_FAILURE() << "expected an OracleError for " << request.validationDir;
  return "";
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST_F(OracleTest, WritesInputsAndGoldenOutputsForHalfBFloat16AndFloat) {
  struct Expectation {
    CaseRow row;
    TorchDtype dtype;
    std::vector<int64_t> shape;
    double relativeRounding;  // half an ulp of the dtype, relative
  };
  for (const Expectation& expected : {Expectation{kSqrtHalf, TorchDtype::Float16, {4, 33}, 1.0 / 2048},
                                      Expectation{kSqrtBFloat16, TorchDtype::BFloat16, {2, 3, 17}, 1.0 / 256},
                                      Expectation{kSqrtFloat, TorchDtype::Float32, {1000}, 1.0 / (1 << 24)}}) {
    const GoldenCase golden = ProduceGolden(config_, {kSquareRoot, expected.row, 0, "SquareRoot", "square_root"});
    ASSERT_EQ(golden.manifest.inputs.size(), 1u);
    ASSERT_EQ(golden.manifest.outputs.size(), 1u);
    const ManifestValue& input = golden.manifest.inputs[0];
    const ManifestValue& output = golden.manifest.outputs[0];
    EXPECT_EQ(input.kind, ValueKind::Tensor);
    EXPECT_EQ(input.dtype, expected.dtype);
    EXPECT_EQ(output.dtype, expected.dtype);
    EXPECT_EQ(input.shape, expected.shape);
    EXPECT_EQ(output.shape, expected.shape);
    EXPECT_FALSE(golden.manifest.hasCustomChecker);
    const std::vector<double> x = Elements(input);
    const std::vector<double> y = Elements(output);
    for (size_t i = 0; i < x.size(); ++i) {
      ASSERT_GE(x[i], 0.24) << i;  // the task draws from [0.25, 9.25)
      ASSERT_LE(x[i], 9.3) << i;
      ASSERT_NEAR(y[i], std::sqrt(x[i]), std::sqrt(x[i]) * expected.relativeRounding) << i;
    }
  }
}

// The modelled eager baseline: the aten ops Model.forward runs, with the bytes they move. A float32
// input's .to(torch.float32) is no op; a float16 one is a cast there and back.
TEST_F(OracleTest, RecordsTheAtenOpsModelRunsWithTheirBytes) {
  const std::vector<EagerOp> half = ProduceGolden(config_, {kSquareRoot, kSqrtHalf, 0, "SquareRoot", "square_root"}).manifest.eagerOps;
  constexpr uint64_t kElements = 4 * 33;
  ASSERT_EQ(half.size(), 3u);
  EXPECT_EQ(half[0].op, "aten::_to_copy");
  EXPECT_EQ(half[0].gmBytes, kElements * (2 + 4));  // reads float16, writes float32
  EXPECT_EQ(half[0].vectorBytes, kElements * 4);    // its largest operand
  EXPECT_EQ(half[1].op, "aten::sqrt");
  EXPECT_EQ(half[1].gmBytes, kElements * (4 + 4));
  EXPECT_EQ(half[2].op, "aten::_to_copy");
  EXPECT_EQ(half[2].gmBytes, kElements * (4 + 2));
  for (const EagerOp& op : half) EXPECT_EQ(op.cubeFlops, 0u) << op.op;

  const std::vector<EagerOp> single = ProduceGolden(config_, {kSquareRoot, kSqrtFloat, 0, "SquareRoot", "square_root"}).manifest.eagerOps;
  ASSERT_EQ(single.size(), 1u);
  EXPECT_EQ(single[0].op, "aten::sqrt");
  EXPECT_EQ(single[0].gmBytes, 1000u * (4 + 4));
  EXPECT_EQ(single[0].vectorBytes, 1000u * 4);
}

TEST_F(OracleTest, SameSeedGivesSameBytesAndAnotherSeedDifferentInputs) {
  const GoldenCase first = ProduceGolden(config_, {kSquareRoot, kSqrtBFloat16, 7, "SquareRoot", "square_root"});
  OracleConfig otherCache = config_;
  otherCache.cacheDir = root_ / "other-cache";
  const GoldenCase again = ProduceGolden(otherCache, {kSquareRoot, kSqrtBFloat16, 7, "SquareRoot", "square_root"});
  const GoldenCase reseeded = ProduceGolden(config_, {kSquareRoot, kSqrtBFloat16, 8, "SquareRoot", "square_root"});
  EXPECT_FALSE(again.fromCache);
  EXPECT_EQ(ReadTensorBytes(first.manifest.inputs[0]), ReadTensorBytes(again.manifest.inputs[0]));
  EXPECT_EQ(ReadTensorBytes(first.manifest.outputs[0]), ReadTensorBytes(again.manifest.outputs[0]));
  EXPECT_NE(ReadTensorBytes(first.manifest.inputs[0]), ReadTensorBytes(reseeded.manifest.inputs[0]));
  EXPECT_NE(first.dir, reseeded.dir);
}

TEST_F(OracleTest, RerunReusesTheCacheWithoutStartingPython) {
  const fs::path task = CopyTask(kSquareRoot);
  const GoldenCase first = ProduceGolden(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_FALSE(first.fromCache);
  const auto written = fs::last_write_time(first.dir / kManifestFileName);

  OracleConfig noPython = config_;
  noPython.python = root_ / "no-such-python";  // any attempt to run the oracle would now throw
  const GoldenCase second = ProduceGolden(noPython, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_TRUE(second.fromCache);
  EXPECT_EQ(second.dir, first.dir);
  EXPECT_EQ(fs::last_write_time(second.dir / kManifestFileName), written);
  EXPECT_EQ(ReadTensorBytes(second.manifest.outputs[0]), ReadTensorBytes(first.manifest.outputs[0]));

  EXPECT_THROW(ProduceGolden(noPython, {task, kSqrtFloat, 0, "SquareRoot", "square_root"}), OracleError) << "another row is another entry";
  std::ofstream(task / "module.py", std::ios::app) << "\n# edited\n";
  EXPECT_THROW(ProduceGolden(noPython, {task, kSqrtHalf, 0, "SquareRoot", "square_root"}), OracleError) << "edited files invalidate the entry";
  EXPECT_FALSE(ProduceGolden(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"}).fromCache);
}

// A production shape (512 MiB per tensor) described with meta tensors: dtypes, shapes, the op call
// and the eager ops at full size, and not one byte of tensor data on disk.
TEST_F(OracleTest, TimingOnlyDescribesAProductionShapeWithoutComputingData) {
  const CaseRow huge{{"case_id", "0"}, {"shape", "[16384, 16384]"}, {"dtype", "float16"}};
  OracleRequest request{kSquareRoot, huge, 0, "SquareRoot", "square_root"};
  request.timingOnly = true;
  const GoldenCase golden = ProduceGolden(config_, request);
  const Manifest& manifest = golden.manifest;
  EXPECT_TRUE(manifest.timingOnly);
  EXPECT_EQ(manifest.note, "") << "meta tensors served";
  ASSERT_EQ(manifest.inputs.size(), 1u);
  ASSERT_EQ(manifest.outputs.size(), 1u);
  EXPECT_EQ(manifest.inputs[0].shape, (std::vector<int64_t>{16384, 16384}));
  EXPECT_EQ(manifest.outputs[0].dtype, TorchDtype::Float16);
  EXPECT_FALSE(manifest.inputs[0].HasContents());
  EXPECT_FALSE(manifest.outputs[0].HasContents());
  ASSERT_TRUE(manifest.call);
  EXPECT_TRUE(manifest.call->results.empty()) << "nothing is read back from a timing-only run";
  for (const ManifestValue& argument : manifest.call->arguments) EXPECT_FALSE(argument.HasContents()) << argument.name;
  ASSERT_EQ(manifest.eagerOps.size(), 3u);
  EXPECT_EQ(manifest.eagerOps[1].op, "aten::sqrt");
  EXPECT_EQ(manifest.eagerOps[1].gmBytes, 16384ull * 16384 * (4 + 4));
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(golden.dir)) files.push_back(entry.path().filename());
  EXPECT_EQ(files, std::vector<fs::path>{kManifestFileName});
  try {
    ReadTensorBytes(manifest.inputs[0]);
    ADD_FAILURE() << "a timing-only tensor has bytes";
  } catch (const OracleError& error) {
    EXPECT_TRUE(Contains(error.what(), "has no contents: its manifest was made for a timing-only run")) << error.what();
  }
  request.timingOnly = false;
  request.caseRow = kSqrtHalf;
  const GoldenCase checked = ProduceGolden(config_, request);
  request.timingOnly = true;
  EXPECT_NE(ProduceGolden(config_, request).dir, checked.dir) << "the two kinds are cached apart";
}

// A Model that needs values (.item()) cannot run on meta tensors: the case is described from a CPU
// run instead, which says so, and small tensors keep their contents for the tiling to read.
TEST_F(OracleTest, TimingOnlyFallsBackToTheCpuWhenTheModelNeedsValues) {
  const fs::path task = CopyTask(kSquareRoot);
  WriteFile(task / "module.py", R"(import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        scale = float(x.max().item() > 0)
        return torch.sqrt(x.to(torch.float32) * scale).to(x.dtype)


class ModelNew(nn.Module):
    def forward(self, x):
        import kernel_gen_ops
        return kernel_gen_ops.square_root(x)
)");
  OracleRequest request{task, kSqrtHalf, 0, "SquareRoot", "square_root"};
  request.timingOnly = true;
  const GoldenCase golden = ProduceGolden(config_, request);
  EXPECT_TRUE(Contains(golden.manifest.note, "shapes from a CPU run (meta tensors failed: " + (task / "module.py").string() + ":7:"))
      << golden.manifest.note;
  ASSERT_TRUE(golden.manifest.call);
  ASSERT_TRUE(golden.manifest.call->arguments.at(0).HasContents()) << "132 float16 values are kept";
  EXPECT_EQ(ReadTensorBytes(golden.manifest.call->arguments[0]).size(), 4u * 33 * 2);
}

TEST_F(OracleTest, TensorListsAndAScalarTypedLikeThePandasColumn) {
  // The alpha column holds "2" and "0.5", so pandas reads 2 as the float 2.0; the task rejects an int.
  const CaseRow row{{"case_id", "0"}, {"shapes", "[[3], [2, 5]]"}, {"dtype", "float32"}, {"alpha", "2"}};
  const GoldenCase golden = ProduceGolden(config_, {kScaledAdd, row, 0, "ForeachScaledAdd", "foreach_scaled_add"});
  const Manifest& manifest = golden.manifest;
  ASSERT_EQ(manifest.inputs.size(), 3u);
  ASSERT_EQ(manifest.inputs[0].kind, ValueKind::TensorList);
  ASSERT_EQ(manifest.inputs[0].items.size(), 2u);
  EXPECT_EQ(manifest.inputs[0].items[1].shape, (std::vector<int64_t>{2, 5}));
  EXPECT_EQ(manifest.inputs[2].kind, ValueKind::Scalar);
  EXPECT_EQ(manifest.inputs[2].dtype, TorchDtype::Float64);
  EXPECT_EQ(JsonNumber(manifest.inputs[2].value), 2.0);
  EXPECT_EQ(manifest.outputStructure, OutputStructure::List);
  ASSERT_EQ(manifest.outputs.size(), 2u);
  for (size_t list = 0; list < 2; ++list) {
    const std::vector<double> x = Elements(manifest.inputs[0].items[list]);
    const std::vector<double> y = Elements(manifest.inputs[1].items[list]);
    const std::vector<double> out = Elements(manifest.outputs[list]);
    ASSERT_EQ(out.size(), x.size());
    for (size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], x[i] + 2 * y[i], 1e-5);
  }
}

TEST_F(OracleTest, RecordsConstructorArgumentsAndTheCustomChecker) {
  const CaseRow row{{"case_id", "0"}, {"shape", "[5, 13]"}, {"dtype", "float32"}, {"scale", "3"}};
  const Manifest manifest = ProduceGolden(config_, {kSoftsign, row, 0, "ScaledSoftsign", "scaled_softsign"}).manifest;
  EXPECT_TRUE(manifest.hasCustomChecker);
  ASSERT_EQ(manifest.initInputs.size(), 1u);
  EXPECT_EQ(manifest.initInputs[0].kind, ValueKind::Scalar);
  EXPECT_EQ(manifest.initInputs[0].dtype, TorchDtype::Int64);
  EXPECT_EQ(manifest.initInputs[0].value, 3);
}

TEST_F(OracleTest, RecordsHowModelNewCallsTheOpThroughPybindCpp) {
  const Manifest sqrt = ProduceGolden(config_, {kSquareRoot, kSqrtHalf, 0, "SquareRoot", "square_root"}).manifest;
  ASSERT_TRUE(sqrt.call);
  EXPECT_EQ(sqrt.call->api, "aclnnSquareRoot") << "aclnnCustomOp is renamed after the op";
  EXPECT_EQ(sqrt.call->source, (kSquareRoot / "pybind.cpp").string() + ":7");
  ASSERT_EQ(sqrt.call->arguments.size(), 2u);
  EXPECT_EQ(ReadTensorBytes(sqrt.call->arguments[0]), ReadTensorBytes(sqrt.inputs[0]));
  EXPECT_EQ(sqrt.call->arguments[1].shape, (std::vector<int64_t>{4, 33}));
  ASSERT_EQ(sqrt.call->results.size(), 1u);
  EXPECT_EQ(sqrt.call->results[0].argument, 1u) << "ModelNew returns the tensor pybind.cpp allocated";
  EXPECT_EQ(sqrt.call->results[0].strides, (std::vector<int64_t>{33, 1}));

  const CaseRow row{{"case_id", "0"}, {"shapes", "[[3], [2, 5]]"}, {"dtype", "float32"}, {"alpha", "2"}};
  const Manifest lists = ProduceGolden(config_, {kScaledAdd, row, 0, "ForeachScaledAdd", "foreach_scaled_add"}).manifest;
  ASSERT_TRUE(lists.call);
  ASSERT_EQ(lists.call->arguments.size(), 4u);
  EXPECT_EQ(lists.call->arguments[0].kind, ValueKind::TensorList);
  EXPECT_EQ(lists.call->arguments[2].kind, ValueKind::Scalar);
  EXPECT_EQ(JsonNumber(lists.call->arguments[2].value), 2.0);
  ASSERT_EQ(lists.call->results.size(), 2u);
  EXPECT_EQ(lists.call->results[1].argument, 3u);
  EXPECT_EQ(lists.call->results[1].item, 1u);
  EXPECT_EQ(lists.call->results[1].shape, (std::vector<int64_t>{2, 5}));

  const CaseRow scaled{{"case_id", "0"}, {"shape", "[5, 13]"}, {"dtype", "float32"}, {"scale", "3"}};
  const Manifest softsign = ProduceGolden(config_, {kSoftsign, scaled, 0, "ScaledSoftsign", "scaled_softsign"}).manifest;
  ASSERT_TRUE(softsign.call);
  EXPECT_EQ(softsign.call->arguments[1].dtype, TorchDtype::Int64) << "the constructor's scale, passed as int64_t";
  EXPECT_EQ(softsign.call->arguments[1].value, 3);
  EXPECT_EQ(Elements(softsign.call->arguments[2]), std::vector<double>(65, 0.0)) << "zeros_like, as allocated";
}

TEST_F(OracleTest, AValueComputedAfterTheCallIsReplayedOnTheCandidatesResults) {
  const fs::path task = CopyTask(kSquareRoot);
  std::ofstream(task / "module.py", std::ios::app)
      << "\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        import kernel_gen_ops\n"
         "        return kernel_gen_ops.square_root(x).float() * 2\n";
  const OracleRequest request{task, kSqrtFloat, 0, "SquareRoot", "square_root"};
  const GoldenCase golden = ProduceGolden(config_, request);
  ASSERT_TRUE(golden.manifest.call);
  EXPECT_TRUE(golden.manifest.call->replay);
  EXPECT_TRUE(golden.manifest.call->results.empty());

  // The candidate's run left y = 0.5, 1.5, 2.5, ...: ModelNew then returns 2 * y.
  const fs::path runDir = root_ / "run";
  fs::create_directories(runDir);
  const ManifestValue& y = golden.manifest.call->arguments[1];
  std::vector<float> candidate(1000);
  for (size_t i = 0; i < candidate.size(); ++i) candidate[i] = 0.5f + static_cast<float>(i);
  std::vector<std::byte> bytes(candidate.size() * sizeof(float));
  std::memcpy(bytes.data(), candidate.data(), bytes.size());
  WriteTensor(runDir, y.file.stem().string(), y.dtype, y.shape, bytes);
  ReplayCandidateOutputs(config_, request, golden.dir, runDir);
  const Manifest replayed = ReadManifest(runDir);
  ASSERT_EQ(replayed.outputs.size(), 1u);
  const std::vector<double> values = Elements(replayed.outputs[0]);
  ASSERT_EQ(values.size(), 1000u);
  EXPECT_EQ(values[0], 1.0);
  EXPECT_EQ(values[999], 1999.0);
}

TEST_F(OracleTest, ModelAndModelNewReturningDifferentCountsArePairedAsZipPairsThem) {
  // NPUKernelBench's check_precision zips the two lists (CrossEntropyLoss' Model returns four values,
  // its ModelNew two): the golden keeps Model's values, the call ModelNew's, and a note says so.
  const fs::path task = CopyTask(kSquareRoot);
  std::ofstream(task / "module.py", std::ios::app)
      << "\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
         "        y = torch.sqrt(x.to(torch.float32)).to(x.dtype)\n        return [y, y * 2]\n";
  const Manifest manifest = ProduceGolden(config_, {task, kSqrtFloat, 0, "SquareRoot", "square_root"}).manifest;
  EXPECT_EQ(manifest.outputs.size(), 2u);
  ASSERT_TRUE(manifest.call);
  EXPECT_EQ(manifest.call->results.size(), 1u);
  EXPECT_TRUE(Contains(manifest.note, "ModelNew returns 1 values, Model 2: the first 1 are compared pairwise"))
      << manifest.note;
}

TEST_F(OracleTest, Float16OpsThisTorchLacksInGetInputsAndModelNewRunInFloat32) {
  // RmsNormGrad's get_inputs calls rsqrt on float16, GeGluGradV2's ModelNew gelu: CPU torch 1.13
  // has neither kernel, the NPU and newer torch compute them in float32 and round once.
  const fs::path task = CopyTask(kSquareRoot);
  WriteFile(task / "prepare_inputs.py",
            "import torch\n\n\ndef get_inputs(param, device=None):\n"
            "    x = (torch.rand([4, 33], dtype=torch.float32) * 9 + 0.25).to(torch.float16)\n"
            "    return (torch.rsqrt(torch.rsqrt(x)),)\n\n\ndef get_init_inputs(param, device=None):\n    return []\n");
  std::ofstream(task / "module.py", std::ios::app)
      << "\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        import kernel_gen_ops\n"
         "        return kernel_gen_ops.square_root(torch.nn.functional.gelu(x) - torch.nn.functional.gelu(x) + x)\n";
  const Manifest manifest = ProduceGolden(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"}).manifest;
  ASSERT_EQ(manifest.inputs.size(), 1u);
  EXPECT_EQ(manifest.inputs[0].dtype, TorchDtype::Float16);
  EXPECT_TRUE(Contains(manifest.note, "get_inputs: rsqrt computed in float32 and rounded back")) << manifest.note;
  ASSERT_TRUE(manifest.call);
  ASSERT_EQ(manifest.call->arguments.size(), 2u);
  EXPECT_EQ(manifest.call->arguments[0].dtype, TorchDtype::Float16) << "ModelNew's gelu result stays float16";
}

TEST_F(OracleTest, ASparseInputIsStoredDense) {
  // CoalesceSparse's get_inputs returns a sparse COO tensor beside its indices and values.
  const fs::path task = CopyTask(kSquareRoot);
  WriteFile(task / "prepare_inputs.py",
            "import torch\n\n\ndef get_inputs(param, device=None):\n"
            "    x = torch.rand([4, 33], dtype=torch.float32) + 0.25\n"
            "    s = torch.sparse_coo_tensor(torch.tensor([[0, 2, 0]]), torch.tensor([1.0, 2.0, 3.0]), [5])\n"
            "    return (x, s)\n\n\ndef get_init_inputs(param, device=None):\n    return []\n");
  std::ofstream(task / "module.py", std::ios::app)
      << "\n\nclass Model(nn.Module):\n    def forward(self, x, s):\n"
         "        return torch.sqrt(x) + s.coalesce().values().sum() * 0\n\n\n"
         "class ModelNew(nn.Module):\n    def forward(self, x, s):\n        import kernel_gen_ops\n"
         "        return kernel_gen_ops.square_root(x)\n";
  const Manifest manifest = ProduceGolden(config_, {task, kSqrtFloat, 0, "SquareRoot", "square_root"}).manifest;
  ASSERT_EQ(manifest.inputs.size(), 2u);
  EXPECT_EQ(Elements(manifest.inputs[1]), (std::vector<double>{4, 0, 2, 0, 0})) << "duplicate indices summed";
}

TEST_F(OracleTest, AFloat16KernelMissingFromThisTorchIsComputedInFloat32AndRounded) {
  const fs::path task = CopyTask(kSquareRoot);
  std::string module = ReadFileText(task / "module.py");
  const std::string wide = "torch.sqrt(x.to(torch.float32)).to(x.dtype)";
  ASSERT_NE(module.find(wide), std::string::npos);
  module.replace(module.find(wide), wide.size(), "torch.sqrt(x)");  // torch 1.13 has no float16 sqrt on the CPU
  WriteFile(task / "module.py", module);
  const Manifest manifest = ProduceGolden(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"}).manifest;
  ASSERT_EQ(manifest.outputs.size(), 1u);
  EXPECT_EQ(manifest.outputs[0].dtype, TorchDtype::Float16);
  const std::vector<double> x = Elements(manifest.inputs[0]);
  const std::vector<double> y = Elements(manifest.outputs[0]);
  for (size_t i = 0; i < x.size(); ++i) ASSERT_NEAR(y[i], std::sqrt(x[i]), std::sqrt(x[i]) / 2048) << i;
  ASSERT_EQ(manifest.eagerOps.size(), 1u);
  EXPECT_EQ(manifest.eagerOps[0].op, "aten::sqrt");
  EXPECT_EQ(manifest.eagerOps[0].gmBytes, 4u * 33 * (2 + 2)) << "costed at float16 sizes, as the NPU runs it";
}

TEST_F(OracleTest, ABrokenBindingNamesTheFileAndLine) {
  const fs::path task = CopyTask(kSquareRoot);
  WriteFile(task / "pybind.cpp", "#include \"pytorch_npu_helper.hpp\"\n\nat::Tensor custom_pybind_api(at::Tensor x) {\n"
                                 "  return undefined_tensor;\n}\n");
  const std::string broken = OracleFailure(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_TRUE(Contains(broken, (task / "pybind.cpp").string() + ":4:")) << broken;
  EXPECT_TRUE(Contains(broken, "undefined_tensor")) << broken;
}

// Where clang is installed (install-deps.sh installs it), clang compiles the bindings with a
// precompiled prefix made once per cache that already holds the torch headers' template
// instantiations; GCC only names the errors of a binding clang refuses (the test above).
TEST_F(OracleTest, BindingsAreCompiledByClangWithItsPrecompiledPrefix) {
  config_.pybindCacheDir = root_ / "pybind-modules";  // the shared one may hold modules of older builds
  ProduceGolden(config_, {kSquareRoot, kSqrtHalf, 0, "SquareRoot", "square_root"});
  int prefixes = 0, modules = 0;
  for (const auto& entry : fs::directory_iterator(config_.pybindCacheDir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("clang-prefix-", 0) == 0 && fs::exists(entry.path() / "akgen_pybind_prefix.hpp.pch")) ++prefixes;
    const fs::path module = entry.path() / "kernel_gen_ops.so";
    if (!fs::exists(module)) continue;
    ++modules;
    // The compilers that made a library's objects sign its .comment section.
    const std::string command = "readelf -p .comment '" + module.string() + "'";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string comments;
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) comments.append(buffer, n);
    pclose(pipe);
    EXPECT_TRUE(Contains(comments, "clang version")) << module << ":\n" << comments;
  }
  EXPECT_EQ(prefixes, 1);
  EXPECT_EQ(modules, 1);
}

TEST_F(OracleTest, BrokenPrepareInputsNamesTheFileAndLine) {
  const fs::path task = CopyTask(kSquareRoot);
  WriteFile(task / "prepare_inputs.py",
            "import torch\n\n\ndef get_inputs(param, device=None):\n    return (undefined_tensor,)\n\n\n"
            "def get_init_inputs(param, device=None):\n    return []\n");
  const std::string message = OracleFailure(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_TRUE(Contains(message, (task / "prepare_inputs.py").string() + ":5: get_inputs: NameError")) << message;
  EXPECT_TRUE(Contains(message, "case 0")) << message;
  EXPECT_EQ(std::distance(fs::directory_iterator(config_.cacheDir), fs::directory_iterator()), 0)
      << "a failed run leaves nothing in the cache";
}

TEST_F(OracleTest, SyntaxErrorsAndMissingFilesNameTheFile) {
  const fs::path task = CopyTask(kSquareRoot);
  WriteFile(task / "prepare_inputs.py", "def get_inputs(param, device=None:\n    pass\n");
  const std::string syntax = OracleFailure(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_TRUE(Contains(syntax, (task / "prepare_inputs.py").string() + ":1: importing prepare_inputs.py: SyntaxError"))
      << syntax;
  fs::remove(task / "module.py");
  const std::string missing = OracleFailure(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_TRUE(Contains(missing, (task / "module.py").string() + ": missing")) << missing;
}

TEST_F(OracleTest, AHangingReferenceIsKilledAtTheTimeout) {
  const fs::path task = CopyTask(kSquareRoot);
  std::ofstream(task / "module.py", std::ios::app) << "\nimport time\ntime.sleep(60)\n";
  config_.timeout = std::chrono::seconds(2);
  const auto start = std::chrono::steady_clock::now();
  const std::string message = OracleFailure(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_TRUE(Contains(message, "timed out after 2 s")) << message;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST_F(OracleTest, AMissingInterpreterIsReported) {
  config_.python = root_ / "no-such-python";
  const std::string message = OracleFailure(config_, {kSquareRoot, kSqrtHalf, 0, "SquareRoot", "square_root"});
  EXPECT_TRUE(Contains(message, "cannot start " + config_.python.string())) << message;
}

}  // namespace
}  // namespace akgen::bench

namespace akgen::bench {
namespace {

// The reference's forward fails with `error` (a python expression), as a full disk under torch.save
// or a missing file would make it.
fs::path TaskWhoseReferenceRaises(const fs::path& copy, const std::string& error) {
  std::ofstream(copy / "module.py", std::ios::app)
      << "\nimport errno\n_forward = Model.forward\n"
      << "def _failing(self, x):\n    raise " << error << "\nModel.forward = _failing\n";
  return copy;
}

// A full disk is the machine's fault: the oracle stops the command rather than blame the task.
TEST_F(OracleTest, AFullDiskInTheOracleIsAnEnvironmentFault) {
  const fs::path task = TaskWhoseReferenceRaises(CopyTask(kSquareRoot), "OSError(errno.ENOSPC, 'No space left on device')");
  try {
    ProduceGolden(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"});
    FAIL() << "expected an EnvironmentFault";
  } catch (const EnvironmentFault& fault) {
    EXPECT_NE(std::string(fault.what()).find("No space left on device"), std::string::npos) << fault.what();
  }
}

TEST_F(OracleTest, AMissingFileInTheReferenceStaysTheTasksFailure) {
  const fs::path task = TaskWhoseReferenceRaises(CopyTask(kSquareRoot), "OSError(errno.ENOENT, 'No such file')");
  EXPECT_THROW(ProduceGolden(config_, {task, kSqrtHalf, 0, "SquareRoot", "square_root"}), OracleError);
}


// --- MultiKernelBench tasks (python/akgen_oracle/mkb_task.py) ---

const fs::path kMkbTree = fs::path(AKGEN_TEST_DATA_DIR) / "mkb_tree/reference";

class MkbOracleTest : public OracleTest {
 protected:
  // A MultiKernelBench tree under the test's folder holding one task file, `key` = category/stem.
  fs::path MkbTree(const std::string& key, const std::string& text) {
    const fs::path root = root_ / "mkb";
    fs::create_directories((root / "reference" / key).parent_path());
    WriteFile(root / "reference" / (key + ".py"), text);
    return root;
  }

  GoldenCase Golden(const std::string& key, int caseId, MkbShapes shapes = {}, bool timingOnly = false,
                    uint64_t seed = 0, const fs::path& tree = kMkbTree) {
    tree_ = ReadTaskTree(tree);
    const Task& task = *tree_.Find(key);
    return ProduceGolden(config_, OracleRequestFor(task, *task.FindCase(caseId), seed, timingOnly, shapes));
  }
  TaskTree tree_;
};

TEST_F(MkbOracleTest, EachTrialHasFreshReproducibleInputsAndModelRunsOnThem) {
  const GoldenCase trial0 = Golden("activation/clipped_relu", 0);
  EXPECT_FALSE(trial0.manifest.call) << "the op call is the candidate's, recorded in its sandbox";
  ASSERT_EQ(trial0.manifest.inputs.size(), 1u);
  EXPECT_EQ(trial0.manifest.inputs[0].shape, (std::vector<int64_t>{640, 1000}));
  EXPECT_TRUE(trial0.manifest.scaledConstants.empty());
  const std::vector<double> x = Elements(trial0.manifest.inputs[0]);
  const std::vector<double> y = Elements(trial0.manifest.outputs.at(0));
  for (size_t i = 0; i < x.size(); i += 997) EXPECT_DOUBLE_EQ(y[i], std::clamp(x[i], 0.0, 1.0)) << i;
  ASSERT_EQ(trial0.manifest.initInputs.size(), 1u);

  EXPECT_NE(Elements(Golden("activation/clipped_relu", 1).manifest.inputs[0]), x) << "each trial draws anew";
  fs::remove_all(config_.cacheDir);
  EXPECT_EQ(Elements(Golden("activation/clipped_relu", 0).manifest.inputs[0]), x) << "and reproducibly";
  EXPECT_NE(Elements(Golden("activation/clipped_relu", 0, {}, false, 7).manifest.inputs[0]), x)
      << "another --seed, other inputs";
}

TEST_F(MkbOracleTest, InputsAboveTheBoundRunAtScaledShapesThatKeepTheirAlignment) {
  const GoldenCase scaled = Golden("activation/clipped_relu", 0, {100000});
  // width 1000 shrinks first (largest), keeping 1000 % 64 == 40, then rows 640 keeps 640 % 64 == 0.
  ASSERT_EQ(scaled.manifest.scaledConstants.size(), 2u);
  const auto [width, scaledWidth] = scaled.manifest.scaledConstants.at("width");
  const auto [rows, scaledRows] = scaled.manifest.scaledConstants.at("rows");
  EXPECT_EQ(width, 1000);
  EXPECT_EQ(rows, 640);
  EXPECT_EQ(scaledWidth % 64, 40);
  EXPECT_EQ(scaledRows % 64, 0);
  EXPECT_EQ(scaled.manifest.inputs[0].shape, (std::vector<int64_t>{scaledRows, scaledWidth}));
  EXPECT_LE(scaledRows * scaledWidth, 100000);
  EXPECT_NE(scaled.manifest.note.find("shapes scaled to fit --max-elements: rows 640 -> "), std::string::npos)
      << scaled.manifest.note;

  const GoldenCase timed = Golden("activation/clipped_relu", 0, {100000}, true);
  EXPECT_TRUE(timed.manifest.timingOnly);
  EXPECT_TRUE(timed.manifest.scaledConstants.empty()) << "timing-only cases keep the task's shapes";
  EXPECT_EQ(timed.manifest.inputs[0].shape, (std::vector<int64_t>{640, 1000}));
  EXPECT_TRUE(timed.manifest.inputs[0].file.empty()) << "meta tensors: no data";
}

TEST_F(MkbOracleTest, IntegersInsideTuplesAreScaledAndThePaperShapesRestoredOnRequest) {
  // Named like MultiKernelBench's mse_loss (our own content), with its shapes as a constant and a
  // tuple, as its current files write them.
  const fs::path tree = MkbTree("loss/mse_loss",
            "import torch\n\nclass Model(torch.nn.Module):\n    def forward(self, a, b):\n"
            "        return torch.mean((a - b) ** 2)\n\nbatch_size = 32768\ninput_shape = (32768,)\n\n"
            "def get_inputs():\n    return [torch.rand(batch_size, *input_shape), torch.rand(batch_size, *input_shape)]\n\n"
            "def get_init_inputs():\n    return []\n");
  const GoldenCase scaled = Golden("loss/mse_loss", 0, {1 << 20}, false, 0, tree);
  EXPECT_EQ(scaled.manifest.scaledConstants.size(), 2u);
  EXPECT_EQ(scaled.manifest.scaledConstants.at("input_shape[0]").first, 32768);
  const auto [_, rows] = scaled.manifest.scaledConstants.at("batch_size");
  const auto [__, columns] = scaled.manifest.scaledConstants.at("input_shape[0]");
  EXPECT_EQ(scaled.manifest.inputs[0].shape, (std::vector<int64_t>{rows, columns}));
  EXPECT_LE(2 * rows * columns, 1 << 20);
  EXPECT_EQ(rows, columns) << "constants of equal value shrink together (hinge_loss broadcasts one against the other)";

  // MultiKernelBench's first commit had batch_size 128 and input_shape (4096,) here.
  const GoldenCase paper = Golden("loss/mse_loss", 0, {1 << 20, true}, false, 0, tree);
  EXPECT_EQ(paper.manifest.inputs[0].shape, (std::vector<int64_t>{128, 4096}));
  EXPECT_TRUE(paper.manifest.scaledConstants.empty()) << "2 x 128 x 4096 fits";
  EXPECT_NE(paper.manifest.note.find("paper shapes (MultiKernelBench d19e390): batch_size 128, input_shape [4096]"),
            std::string::npos)
      << paper.manifest.note;
  const GoldenCase timed = Golden("loss/mse_loss", 0, {1 << 20, true}, true, 0, tree);
  EXPECT_EQ(timed.manifest.inputs[0].shape, (std::vector<int64_t>{128, 4096})) << "timing-only at the paper's shapes";

  const GoldenCase unknown = Golden("activation/clipped_relu", 0, {kDefaultMaxElements, true});
  EXPECT_NE(unknown.manifest.note.find("paper shapes: none known for activation/clipped_relu"), std::string::npos)
      << unknown.manifest.note;
}

TEST_F(MkbOracleTest, SmallDimensionsShrinkAtFinerAlignmentsButNeverBelow32) {
  const fs::path root = MkbTree("pooling/cube_pool",
            "import torch\n\nclass Model(torch.nn.Module):\n    def __init__(self, kernel):\n"
            "        super().__init__()\n        self.pool = torch.nn.MaxPool3d(kernel)\n\n"
            "    def forward(self, x):\n        return self.pool(x)\n\nbatch = 4\nchannels = 8\nside = 128\n"
            "kernel = 3\n\ndef get_inputs():\n    return [torch.rand(batch, channels, side, side, side)]\n\n"
            "def get_init_inputs():\n    return [kernel]\n");
  const GoldenCase scaled = Golden("pooling/cube_pool", 0, {1 << 20}, false, 0, root);
  EXPECT_EQ(scaled.manifest.inputs[0].shape, (std::vector<int64_t>{4, 8, 32, 32, 32}))
      << "128 -> 64 keeps the remainder mod 64; 64 -> 32 only mod 32; batch, channels and kernel never change";
  const std::string failure = OracleFailure(
      config_, OracleRequestFor(*tree_.Find("pooling/cube_pool"), tree_.Find("pooling/cube_pool")->cases[1], 0, false,
                                {1000}));
  EXPECT_TRUE(Contains(failure, "cube_pool.py: get_inputs() makes 1048576 elements, more than --max-elements 1000"))
      << failure;
}

TEST_F(MkbOracleTest, ShapesWrittenAsLiteralsInGetInputsScaleToo) {
  const fs::path root = MkbTree("examples/add",
            "import torch\n\nclass Model(torch.nn.Module):\n    def forward(self, a, b):\n        return a + b\n\n"
            "def get_inputs():\n    a = torch.rand(4096, 1000)\n    b = torch.rand(4096, 1000)\n    return [a, b]\n\n"
            "def get_init_inputs():\n    return []\n");
  const GoldenCase scaled = Golden("examples/add", 0, {1 << 20}, false, 0, root);
  ASSERT_EQ(scaled.manifest.inputs.size(), 2u);
  EXPECT_EQ(scaled.manifest.inputs[0].shape, scaled.manifest.inputs[1].shape) << "equal literals shrink together";
  EXPECT_EQ(scaled.manifest.inputs[0].shape[1] % 64, 1000 % 64);
  EXPECT_LE(2 * scaled.manifest.inputs[0].shape[0] * scaled.manifest.inputs[0].shape[1], 1 << 20);
  EXPECT_TRUE(scaled.manifest.scaledConstants.contains("get_inputs line 8 column 20")) << scaled.manifest.note;
  const std::vector<double> a = Elements(scaled.manifest.inputs[0]);
  const std::vector<double> b = Elements(scaled.manifest.inputs[1]);
  const std::vector<double> sum = Elements(scaled.manifest.outputs.at(0));
  for (size_t i = 0; i < a.size(); i += 101) EXPECT_FLOAT_EQ(float(sum[i]), float(a[i]) + float(b[i])) << i;
}

TEST_F(MkbOracleTest, AGroupedTaskRunsTheGroupOfItsCaseWithScalarsAndDtypes) {
  const GoldenCase group1 = Golden("npukernelbench_level1/3_scaled_add", 1);
  ASSERT_EQ(group1.manifest.inputs.size(), 3u);
  EXPECT_EQ(group1.manifest.inputs[0].shape, (std::vector<int64_t>{3, 5, 7}));
  EXPECT_EQ(group1.manifest.inputs[0].dtype, TorchDtype::Float16);
  EXPECT_EQ(group1.manifest.inputs[2].kind, ValueKind::Scalar);
  const std::vector<double> x = Elements(group1.manifest.inputs[0]);
  const std::vector<double> y = Elements(group1.manifest.inputs[1]);
  const std::vector<double> out = Elements(group1.manifest.outputs.at(0));
  for (size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(out[i], x[i] - 2 * y[i], 2e-2) << i;
  EXPECT_EQ(Golden("npukernelbench_level1/3_scaled_add", 2).manifest.inputs[0].shape, (std::vector<int64_t>{1000}));
}

TEST_F(MkbOracleTest, AFailingReferenceNamesItsFileAndLine) {
  const fs::path root = MkbTree("math/broken",
            "import torch\n\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
            "        return x.no_such_method()\n\ndef get_inputs():\n    return [torch.rand(4)]\n\n"
            "def get_init_inputs():\n    return []\n");
  const TaskTree tree = ReadTaskTree(root);
  const Task& task = *tree.Find("math/broken");
  const std::string message =
      OracleFailure(config_, OracleRequestFor(task, task.cases.at(0), 0, false));
  EXPECT_TRUE(Contains(message, (root / "reference/math/broken.py").string() + ":5: Model.forward: AttributeError"))
      << message;
}

}  // namespace
}  // namespace akgen::bench
