// The lowering's golden tests: each program lowers, and the lines of programs/<name>.expected appear
// in that order in the generated file named by the `== FILE` line above them (FileCheck's CHECK, on
// whitespace-trimmed lines). The programs are the built-in tasks' DSL solutions
// (suite/<task>/answer/dsl/<name>.craft).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "craft/craft.h"
#include "craft/program_files.h"

namespace akgen::craft {
namespace {

const std::filesystem::path kPrograms = AKGEN_CRAFT_LOWER_PROGRAMS;
const std::filesystem::path kSuite = AKGEN_SUITE_DIR;

struct GoldenCase {
  std::string name;
  std::filesystem::path program;
};

GoldenCase Solution(const std::string& task, const std::string& name) {
  return {name, kSuite / task / "answer" / "dsl" / (name + ".craft")};
}

CompileResult CompileFile(const std::filesystem::path& program) {
  return Compile(ReadProgram(program), program.filename().string());
}

std::string Diagnostics(const CompileResult& result) {
  std::string text;
  for (const Diagnostic& diagnostic : result.diagnostics) text += Format(diagnostic);
  return text;
}

std::string Trim(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

// Every expected line, in order, is part of a later generated line than the previous one.
void ExpectLinesInOrder(const std::string& file, const std::string& generated, const std::vector<std::string>& expected) {
  const std::vector<std::string> lines = Lines(generated);
  size_t next = 0;
  for (const std::string& want : expected) {
    while (next < lines.size() && lines[next].find(want) == std::string::npos) ++next;
    ASSERT_LT(next, lines.size()) << file << ": no line containing\n  " << want << "\nafter the previous match in\n"
                                  << generated;
    ++next;
  }
}

class GoldenProgram : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenProgram, GeneratesTheExpectedLinesInOrder) {
  const CompileResult lowered = CompileFile(GetParam().program);
  ASSERT_TRUE(lowered.op) << Diagnostics(lowered);
  std::ifstream expectedFile(kPrograms / (GetParam().name + ".expected"));
  ASSERT_TRUE(expectedFile) << "no " << GetParam().name << ".expected";
  std::string file;
  std::vector<std::string> expected;
  auto check = [&] {
    if (file.empty()) return;
    ASSERT_TRUE(lowered.op->files.count(file)) << "no generated " << file;
    ExpectLinesInOrder(file, lowered.op->files.at(file), expected);
  };
  for (std::string line; std::getline(expectedFile, line);) {
    if (line.starts_with("== ")) {
      check();
      file = line.substr(3);
      expected.clear();
    } else if (!Trim(line).empty()) {
      expected.push_back(Trim(line));
    }
  }
  check();
}

TEST_P(GoldenProgram, LowersToTheSameBytesEveryTime) {
  const CompileResult first = CompileFile(GetParam().program);
  const CompileResult second = CompileFile(GetParam().program);
  ASSERT_TRUE(first.op) << Diagnostics(first);
  ASSERT_TRUE(second.op) << Diagnostics(second);
  EXPECT_EQ(first.op->files, second.op->files);
}

// Output extents may use every shape builtin, with attribute indices (`dim(x, axis)`), in InferShape.
TEST(OutputExtents, ReadAttributesAndEveryShapeBuiltinInInferShape) {
  const std::string program =
      "op Halve:\n  input x: f32\n  attr axis: int = -1\n"
      "  output y: f32 like x[:-1] + [dim(x, axis) // 2, rows(x), rank(x)]\n"
      "host:\n  launch(1)\nkernel:\n  a = ub(f32, 8)\n  copyin:\n    a[0:8] = x[0:8]\n  copyout:\n    y[0:8] = a[0:8]\n";
  const CompileResult result = Compile(program, "halve.craft");
  ASSERT_TRUE(result.op) << Diagnostics(result);
  const std::string host = result.op->files.at("op_host/halve.cpp");
  EXPECT_NE(host.find("context->GetAttrs()->GetInt(0)"), std::string::npos) << host;
  EXPECT_NE(host.find("GetShapeSize() / "), std::string::npos) << host;
}

// The kernel file of a program that must lower.
std::string KernelOf(const std::string& program, const std::string& file, const std::string& kernel) {
  const CompileResult result = Compile(program, file);
  EXPECT_TRUE(result.op) << Diagnostics(result);
  return result.op ? result.op->files.at("op_kernel/" + kernel) : "";
}

// A broadcast of a buffer filled whole (no copy-in sets its count) makes one row per value, and the
// statements after it count those rows' elements, not the 1-D source's length.
TEST(ElementCounts, ABroadcastOfAFilledBufferCountsItsRows) {
  const std::string kernel =
      KernelOf("op Rows:\n  input x: f32\n  output y: f32 like x\n"
               "host:\n  w = min(dim(x, -1), 64)  # a row\n  launch(1)\n"
               "kernel:\n  xin = ub(f32, 1, w)\n  fa = ub(f32, 1, w)\n  ca = ub(f32, 1, w)\n"
               "  carry = ub(f32, 1)\n  yout = ub(f32, 1, w)\n"
               "  copyin:\n    xin[0:1, :] = x[0:1, :]\n"
               "  compute:\n    carry = duplicate(2.0)\n    fa = adds(xin, 1.0)\n"
               "    ca = bcast_rows(carry, w)\n    yout = add(fa, ca)\n"
               "  copyout:\n    y[0:1, :] = yout[0:1, :]\n",
               "rows.craft", "rows.cpp");
  EXPECT_NE(kernel.find("Add(yout, fa, ca, 1 * AlignUpTo(w, ROW_ALIGN));"), std::string::npos) << kernel;
}

// select's count from a mask compared on filled buffers is their extent, not their capacity rounded
// up for the compare (the destination holds the extent only).
TEST(ElementCounts, ASelectCountedByItsMaskWritesTheExtent) {
  const std::string kernel =
      KernelOf("op Pick:\n  input a: f32\n  input b: f32\n  output y: f32 like a\n"
               "host:\n  n = min(numel(a), 1000)  # all of a\n  launch(1)\n"
               "kernel:\n  ain = ub(f32, n)\n  bin = ub(f32, n)\n  lo = ub(f32, n)\n  hi = ub(f32, n)\n"
               "  m = ub(bool, n)\n  yout = ub(f32, n)\n"
               "  copyin:\n    ain[0:n] = a[0:n]\n    bin[0:n] = b[0:n]\n"
               "  compute:\n    lo = duplicate(1.0)\n    hi = duplicate(2.0)\n    m = cmp_lt(lo, hi)\n"
               "    yout = select(m, ain, bin)\n"
               "  copyout:\n    y[0:n] = yout[0:n]\n",
               "pick.craft", "pick.cpp");
  EXPECT_NE(kernel.find("SELMODE::VSEL_TENSOR_TENSOR_MODE, n);"), std::string::npos) << kernel;
  EXPECT_EQ(kernel.find("SELMODE::VSEL_TENSOR_TENSOR_MODE, AlignUpTo"), std::string::npos) << kernel;
}

// sum_all reduces its operand's count, a kernel scalar its stage function receives, over a work
// area of at least one 32-byte block; min() of three values nests the two-value helper.
TEST(ElementCounts, SumAllReceivesItsOperandsCountAndMinTakesThreeValues) {
  const std::string kernel =
      KernelOf("op Total:\n  input x: f32\n  output y: f32 shape [1]\n"
               "host:\n  n = numel(x)  # all of x\n  launch(1)\n"
               "kernel:\n  xin = ub(f32, 3)\n  part = ub(f32, 8)\n"
               "  len = min(n, 3, 1000)\n"
               "  copyin:\n    xin[0:len] = x[0:len]\n"
               "  compute:\n    part = sum_all(xin)\n"
               "  copyout:\n    y[0:1] = part[0:1]\n",
               "total.craft", "total.cpp");
  EXPECT_NE(kernel.find("ScalarMin<int64_t>(ScalarMin<int64_t>(n, 3), 1000)"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("ReduceSum(part, xin, scratchReduce, len);"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("AlignUpTo(3, 32 / sizeof(float))"), std::string::npos) << kernel;
}

// Names a block_span binds in one branch and a plain binding in another are one variable each:
// the block_span sets them, it does not declare new ones the code after the branches never sees.
TEST(KernelScalars, ABlockSpanInABranchSetsTheNamesAnotherBranchBinds) {
  const std::string kernel =
      KernelOf("op Span:\n  input x: f32\n  output y: f32 like x\n"
               "host:\n  n = numel(x)  # all of x\n  launch(min(core_num, cdiv(n, 256)))\n"
               "kernel:\n  buf = ub(f32, 1024)\n"
               "  if n <= 1024:\n    start = 0\n    count = n if block_idx == 0 else 0\n"
               "  else:\n    start, count = block_span(n, 256)\n"
               "  for off in range(start, start + count, 1024):\n    len = min(1024, start + count - off)\n"
               "    copyin:\n      buf[0:len] = x[off:off + len]\n    copyout:\n      y[off:off + len] = buf[0:len]\n",
               "span.craft", "span.cpp");
  EXPECT_NE(kernel.find("BlockSpan(n, 256, start, count);"), std::string::npos) << kernel;
  const size_t declarations = kernel.find("int64_t start = 0;");
  EXPECT_NE(declarations, std::string::npos) << kernel;
  EXPECT_EQ(kernel.find("int64_t start = 0;", declarations + 1), std::string::npos) << "declared twice:\n" << kernel;
}

// A buffer extent that is a sum is one operand of its byte size: (n + 8) * sizeof, not n + 32.
// A read of an element whose tensor is a float in some combination reads as a float, whatever T is.
TEST(KernelScalars, AnElementOfAFloatOrIntegerTensorReadsAsAFloat) {
  const std::string kernel =
      KernelOf("op Lift:\n  input x: T\n  input low: T\n  output y: T like x\n  dtypes T: f32, i32\n"
               "host:\n  launch(1)\n"
               "kernel:\n  buf = ub(T, 64)\n  out = ub(T, 64)\n  v = low[0]\n"
               "  copyin:\n    buf[0:64] = x[0:64]\n  compute:\n    out = maxs(buf, v)\n  copyout:\n    y[0:64] = out[0:64]\n",
               "lift.craft", "lift.cpp");
  EXPECT_NE(kernel.find("const float v = static_cast<float>(lowGm.GetValue(0));"), std::string::npos) << kernel;
}

// Shapes are read by the input's place in the definition, and an optional input the caller left
// out has no elements (it used to dereference a null shape).
TEST(HostShapes, AnOptionalInputLeftOutHasNoElements) {
  const CompileResult result =
      Compile("op Opt:\n  input x: f32\n  input w: f32 optional\n  output y: f32 like x\n"
              "host:\n  has_w = numel(w) > 0  # whether w was passed\n  launch(1)\n"
              "kernel:\n  buf = ub(f32, 64)\n  if has_w:\n    copyin:\n      buf[0:64] = w[0:64]\n"
              "    copyout:\n      y[0:64] = buf[0:64]\n",
              "opt.craft");
  ASSERT_TRUE(result.op) << Diagnostics(result);
  const std::string host = result.op->files.at("op_host/opt.cpp");
  EXPECT_NE(host.find("context->GetOptionalInputShape(irIndex)"), std::string::npos) << host;
  EXPECT_NE(host.find("return shape == nullptr ? absent : shape->GetStorageShape();"), std::string::npos) << host;
  EXPECT_NE(host.find("InputShape(context, 1).GetShapeSize() > 0"), std::string::npos) << host;
}

// A 2-D buffer whose COLS is a sum: the row offset and the bytes per row multiply all of it.
TEST(BufferSizes, ColumnsThatAreASumAreParenthesisedInOffsetsAndRowBytes) {
  const std::string kernel =
      KernelOf("op Wide:\n  input x: f32\n  output y: f32 like x\n"
               "host:\n  d = min(dim(x, -1), 100)  # a row\n  launch(1)\n"
               "kernel:\n  buf = ub(f32, 4, d + 1)\n"
               "  copyin:\n    buf[0:4, :] = x[2:6, :]\n  copyout:\n    y[2:6, :] = buf[0:4, :]\n",
               "wide.craft", "wide.cpp");
  EXPECT_NE(kernel.find("xGm[2 * (d + 1)]"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("static_cast<uint32_t>((d + 1) * sizeof(float))"), std::string::npos) << kernel;
}

TEST(BufferSizes, AnExtentWithASumIsParenthesisedInItsByteSize) {
  const std::string kernel =
      KernelOf("op Pad:\n  input x: f32\n  output y: f32 like x\n"
               "host:\n  n = min(numel(x), 1000)  # all of x\n  launch(1)\n"
               "kernel:\n  buf = ub(f32, n + 8)\n"
               "  copyin:\n    buf[0:n] = x[0:n]\n  copyout:\n    y[0:n] = buf[0:n]\n",
               "pad.craft", "pad.cpp");
  EXPECT_NE(kernel.find("(n + 8) * sizeof(float)"), std::string::npos) << kernel;
}

// 2-D sorts: each row's pairs at its row stride of pairs, every row written and read with its
// padding (the next pairs, or pairs that sort last); the statements after a sort count the pairs'
// rows, so the indices' cast runs over K columns, not the sorted values' COLS; an ascending sort
// sorts the negated values and pair_values negates them back.
TEST(Sorting, TwoDimensionalRowsKeepTheirPairsAndTheCountsAfterThemFollowK) {
  const std::string kernel =
      KernelOf("op RowTopK:\n  input x: f32\n  attr k: int\n  attr largest: bool = true\n"
               "  output v: f32 like x[:-1] + [k]\n  output i: i64 like x[:-1] + [k]\n"
               "host:\n  c = min(dim(x, -1), 256)  # a row\n  require(k >= 1 and k <= 64, \"k\")\n  launch(1)\n"
               "kernel:\n  xin = ub(f32, 4, c)\n  s = ub(pairs(f32), 4, k)\n  t = ub(pairs(f32), 4, k)\n"
               "  vout = ub(f32, 4, k)\n  idx = ub(i32, 4, k)\n  iout = ub(i64, 4, k)\n"
               "  copyin:\n    xin[0:4, :] = x[0:4, :]\n"
               "  compute:\n    s = sort_rows(xin, largest, 0)\n    t = sort_rows(xin, largest, c)\n"
               "    s = merge_rows(s, t)\n    vout = pair_values(s)\n    idx = pair_indices(s)\n    iout = cast(idx, i64)\n"
               "  copyout:\n    v[0:4, :] = vout[0:4, :]\n    i[0:4, :] = iout[0:4, :]\n",
               "row_top_k.craft", "row_top_k.cpp");
  const std::string pairRow = "[scratchRowIndex * AlignUpTo(k, ROW_ALIGN) * (SORT_PAIR_BYTES / sizeof(float))]";
  EXPECT_NE(kernel.find("pipe.InitBuffer(sBuf, 4 * AlignUpTo(k, ROW_ALIGN) * SORT_PAIR_BYTES);"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("SortRowPairs<float>(s" + pairRow + ", xin[scratchRowIndex * AlignUpTo(c, ROW_ALIGN)], c, "
                        "AlignUpTo(k, ROW_ALIGN), static_cast<float>(largest ? 1.0f : -1.0f)"),
            std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("CreateVecIndex(scratchSortIndices, static_cast<int32_t>(c), static_cast<int32_t>(AlignUpTo(c, ROW_ALIGN)));"),
            std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("MergeRowPairs<float>(s" + pairRow + ", s" + pairRow + ", k, t" + pairRow + ", k, AlignUpTo(k, ROW_ALIGN), scratchMerged);"),
            std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("PairValuesRow<float>(vout[scratchRowIndex * AlignUpTo(k, ROW_ALIGN)], s" + pairRow +
                        ", AlignUpTo(k, ROW_ALIGN), largest);"),
            std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("Cast(iout, idx, RoundMode::CAST_NONE, 4 * AlignUpTo(k, ROW_ALIGN));"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("2 * AlignUpTo(k, ROW_ALIGN) * SORT_PAIR_BYTES"), std::string::npos) << kernel;
}

// A 2-D gather: the positions scaled to byte offsets of row 0 (its padding columns at column 0),
// the rows after it by doubling, shifted by the source's row stride (not the result's), and one
// Gather over the result's padded rows; the scratch holds a 4-byte offset per result element.
TEST(Gather, RowsShareOnePositionRowShiftedByTheSourcesRowStride) {
  const std::string kernel =
      KernelOf("op PickColumns:\n  input x: f16\n  input index: i32\n  output y: f16 like x[:-1] + [numel(index)]\n"
               "host:\n  d = min(dim(x, -1), 100)  # a row of x\n  k = min(numel(index), 40)  # positions\n  launch(1)\n"
               "kernel:\n  pos = ub(i32, k)\n  xt = ub(f16, 8, d)\n  yt = ub(f16, 8, k)\n"
               "  copyin:\n    pos[0:k] = index[0:k]\n    xt[0:3, :] = x[0:3, :]\n"
               "  compute:\n    yt = gather(xt, pos)\n"
               "  copyout:\n    y[0:3, :] = yt[0:3, :]\n",
               "pick_columns.craft", "pick_columns.cpp");
  EXPECT_NE(kernel.find("Duplicate(scratchGatherOffsets, static_cast<int32_t>(0), AlignUpTo(k, ROW_ALIGN));"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("Muls(scratchGatherOffsets, pos, static_cast<int32_t>(sizeof(half)), k);"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("const int64_t scratchGatherRows = 3;"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("Adds(scratchGatherOffsets[scratchBuiltRows * AlignUpTo(k, ROW_ALIGN)], scratchGatherOffsets, "
                        "static_cast<int32_t>(scratchBuiltRows * AlignUpTo(d, ROW_ALIGN)) * static_cast<int32_t>(sizeof(half))"),
            std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("Gather(yt, xt, scratchGatherOffsets.template ReinterpretCast<uint32_t>(), 0, "
                        "static_cast<uint32_t>(scratchGatherRows * AlignUpTo(k, ROW_ALIGN)));"),
            std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("8 * AlignUpTo(k, ROW_ALIGN) * 4"), std::string::npos) << kernel;
}

// The sort helpers are emitted once, after AlignUpTo, whatever the number of sort statements.
TEST(Sorting, TheHelpersAreDefinedOnce) {
  const std::string kernel =
      KernelOf("op Sorted:\n  input x: f16\n  output v: f16 like x\n"
               "host:\n  n = min(numel(x), 512)  # one tile\n  launch(1)\n"
               "kernel:\n  xin = ub(f16, n)\n  s = ub(pairs(f16), n)\n  t = ub(pairs(f16), n)\n  vout = ub(f16, n)\n"
               "  copyin:\n    xin[0:n] = x[0:n]\n"
               "  compute:\n    s = sort_rows(xin, false, 0)\n    t = sort_rows(xin, false, 0)\n    s = merge_rows(s, t)\n"
               "    vout = pair_values(s)\n"
               "  copyout:\n    v[0:n] = vout[0:n]\n",
               "sorted.craft", "sorted.cpp");
  const size_t helper = kernel.find("__aicore__ inline void SortRowPairs(");
  ASSERT_NE(helper, std::string::npos) << kernel;
  EXPECT_EQ(kernel.find("__aicore__ inline void SortRowPairs(", helper + 1), std::string::npos) << kernel;
  EXPECT_LT(kernel.find("AlignUpTo("), helper) << kernel;
  EXPECT_NE(kernel.find("SortRowPairs<half>(s, xin, n, n, static_cast<half>(false ? 1.0f : -1.0f)"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("PairValuesRow<half>(vout, s, n, false);"), std::string::npos) << kernel;
}

INSTANTIATE_TEST_SUITE_P(Programs, GoldenProgram,
                         ::testing::Values(Solution("level1/Math/Sqrt", "sqrt"), Solution("level1/Math/Axpby", "axpby"),
                                           Solution("level1/Comparison/GreaterEqual", "greater_equal"),
                                           Solution("level1/Comparison/Maximum", "maximum"),
                                           Solution("level1/Condition/IsFiniteCheck", "is_finite_check"),
                                           Solution("level2/Activation/Gelu", "gelu"),
                                           Solution("level1/TensorCreation/FillScalar", "fill_scalar"),
                                           Solution("level2/Loss/MseLoss", "mse_loss"),
                                           Solution("level2/Pooling/AvgPoolLastDim", "avg_pool_last_dim"),
                                           Solution("level2/Foreach/ForeachAxpyList", "foreach_axpy_list"),
                                           Solution("level2/Norm/RmsNorm", "rms_norm"),
                                           Solution("level2/Reduce/SoftmaxLastDim", "softmax_last_dim"),
                                           Solution("level2/Mhc/MhcPostGrad", "mhc_post_grad"),
                                           Solution("level3/Sort/TopKLastDim", "top_k_last_dim"),
                                           Solution("level3/GMM/TiledMatmulBias", "tiled_matmul_bias"),
                                           Solution("level3/GMM/GroupedMatmulPerTokenDequant",
                                                    "grouped_matmul_per_token_dequant")),
                         [](const ::testing::TestParamInfo<GoldenCase>& info) { return info.param.name; });

}  // namespace
}  // namespace akgen::craft
