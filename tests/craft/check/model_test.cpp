// The program model the lowering consumes: combinations, host values, buffer roles, stage
// numbers, element counts, temporaries and the UB budget, on the golden programs.
#include <gtest/gtest.h>

#include "craft/check/checker.h"
#include "craft/check/expr_text.h"
#include "craft/syntax/parser.h"
#include "tests/craft/check/program_files.h"

namespace akgen::craft {
namespace {

// Keeps the Program alive beside its model, which points into it.
struct Checked {
  Program program;
  ProgramModel model;
  std::vector<Diagnostic> diagnostics;
};

std::unique_ptr<Checked> CheckProgram(const std::string& source) {
  auto checked = std::make_unique<Checked>();
  ParseResult parsed = Parse(source, "t.craft");
  if (!parsed.program) {
    ADD_FAILURE() << "does not parse: " << (parsed.diagnostics.empty() ? "" : Format(parsed.diagnostics[0]));
    return checked;
  }
  checked->program = std::move(*parsed.program);
  checked->model = BuildModel(checked->program, "t.craft", checked->diagnostics);
  return checked;
}

std::unique_ptr<Checked> CheckGolden(const std::string& name) {
  return CheckProgram(testing::ReadText(std::filesystem::path(AKGEN_CRAFT_PROGRAMS_DIR) / name));
}

TEST(CraftModel, SqrtExample) {
  std::unique_ptr<Checked> sqrt = CheckGolden("sqrt.craft");
  EXPECT_TRUE(sqrt->diagnostics.empty());
  const ProgramModel& model = sqrt->model;
  EXPECT_EQ(model.opName, "Sqrt");
  ASSERT_EQ(model.combinations.size(), 3u);
  EXPECT_EQ(model.combinations[1].at("T"), Dtype::BF16);
  ASSERT_EQ(model.inputs.size(), 1u);
  EXPECT_TRUE(model.inputs[0].dtype.variable);
  EXPECT_EQ(model.inputs[0].dtype.perCombination, (std::vector<Dtype>{Dtype::F16, Dtype::BF16, Dtype::F32}));

  const HostValue* n = model.FindHostValue("n");
  const HostValue* cores = model.FindHostValue("cores");
  const HostValue* tile = model.FindHostValue("tile");
  ASSERT_TRUE(n && cores && tile);
  EXPECT_TRUE(n->readByKernel);
  EXPECT_FALSE(cores->readByKernel) << "launch(cores) is host-only";
  EXPECT_TRUE(tile->readByKernel);
  EXPECT_EQ(tile->constant, 4096);
  EXPECT_EQ(n->rationale, "every element of x is one unit of work");

  ASSERT_EQ(model.blockSpans.size(), 1u);
  EXPECT_EQ(model.blockSpans[0].start, "start");
  EXPECT_EQ(model.blockSpans[0].count, "count");
  EXPECT_EQ(model.blockSpans[0].unit->name, "unit");

  ASSERT_EQ(model.stages.size(), 3u);
  EXPECT_EQ(model.stages[1].kind, StageKind::Compute);
  EXPECT_EQ(model.stages[1].number, 1);
  EXPECT_EQ(model.StageOf(model.stages[2].statement), &model.stages[2]);

  EXPECT_EQ(model.FindBuffer("xin")->role, StageRole::QueueIn);
  EXPECT_EQ(model.FindBuffer("xin")->depth, 2);
  EXPECT_EQ(model.FindBuffer("yout")->role, StageRole::QueueOut);
  EXPECT_EQ(model.FindBuffer("xf")->role, StageRole::Temp);
  EXPECT_EQ(model.FindBuffer("xf")->readBy, (std::vector<int>{1}));
  EXPECT_EQ(model.FindBuffer("xin")->writtenBy, (std::vector<int>{0}));

  ASSERT_EQ(model.computes.size(), 3u);
  const ComputeModel& widen = model.computes[0];
  EXPECT_EQ(widen.primitive, Primitive::Cast);
  EXPECT_EQ(widen.resultDtype, (std::vector<Dtype>{Dtype::F32, Dtype::F32, Dtype::F32}));
  EXPECT_EQ(widen.identityCast, (std::vector<bool>{false, false, true})) << "T -> f32 vanishes when T is f32";
  EXPECT_EQ(widen.count.buffer, "xin");
  ASSERT_TRUE(widen.count.length);
  EXPECT_EQ(ExprText(*widen.count.length), "len");
  EXPECT_EQ(model.computes[2].count.buffer, "xin") << "the count is carried through the results";
  EXPECT_FALSE(widen.temp);

  ASSERT_EQ(model.copies.size(), 2u);
  EXPECT_FALSE(model.copies[0].toGlobal);
  EXPECT_EQ(ExprText(*model.copies[0].globalOffset), "off");
  EXPECT_TRUE(model.copies[1].toGlobal);

  // f32 is the widest combination: 2 × 16 KiB + 2 × 16 KiB + 16 KiB.
  EXPECT_EQ(model.ub.combination, 2);
  EXPECT_EQ(model.ub.totalBytes, 81920);
  EXPECT_EQ(model.ub.bytesPerBuffer.at("xin"), 32768);
  EXPECT_EQ(model.ub.bytesPerBuffer.at("xf"), 16384);
}

TEST(CraftModel, RowsTemporariesAndPadding) {
  std::unique_ptr<Checked> softmax = CheckGolden("softmax_rows.craft");
  EXPECT_TRUE(softmax->diagnostics.empty());
  const ProgramModel& model = softmax->model;
  const ComputeModel& compute = model.computes.at(0);
  EXPECT_TRUE(compute.count.rows);
  EXPECT_EQ(ExprText(*compute.count.length), "nrows");
  ASSERT_TRUE(compute.temp);
  EXPECT_EQ(compute.temp->sizedLike, "xin");
  EXPECT_TRUE(model.copies.at(0).rows);
  // tile_rows is at most 8: 8 rows × 1024 f32 × 2 buffers, twice, and a row of scratch plus a
  // 32-byte block for the row's result.
  EXPECT_EQ(model.FindHostValue("tile_rows")->upperBound, 8);
  EXPECT_EQ(model.FindBuffer("xin")->maxElements, 8 * 1024);
  EXPECT_EQ(model.ub.bytesPerBuffer.at("xin"), 65536);
  EXPECT_EQ(model.ub.bytesPerBuffer.at("temporary"), 1024 * 4 + 32);
  EXPECT_EQ(model.ub.totalBytes, 135200);
}

TEST(CraftModel, ReductionAcrossCores) {
  std::unique_ptr<Checked> loss = CheckGolden("loss_across_cores.craft");
  EXPECT_TRUE(loss->diagnostics.empty());
  const ProgramModel& model = loss->model;
  EXPECT_TRUE(model.usesAtomicAdd);
  EXPECT_TRUE(model.usesSyncAll);
  EXPECT_EQ(model.zeroedOutputs, (std::vector<std::string>{"loss"}));
  EXPECT_EQ(model.FindHostValue("inv")->kind, ValueKind::Float);
  EXPECT_TRUE(model.attrs.at(0).readByKernel == false) << "reduction_scale is read in the host only";
  EXPECT_EQ(model.FindBuffer("part")->role, StageRole::QueueOut);
  const ComputeModel& sum = model.computes.at(2);
  EXPECT_EQ(sum.primitive, Primitive::SumAll);
  EXPECT_EQ(ExprText(*sum.count.length), "1") << "sum_all leaves one element";
  EXPECT_EQ(model.computes.at(3).count.buffer, "part");
  EXPECT_EQ(model.stages.back().number, 4) << "four copyout blocks, numbered in source order";
  EXPECT_EQ(model.ub.bytesPerBuffer.at("zero"), 256 * 4) << "zero(loss) clears through a 256-element chunk";
  EXPECT_EQ(model.ub.bytesPerBuffer.at("temporary"), 4096 * 4) << "sum_all's operand-sized scratch";
}

TEST(CraftModel, BindQueueAndScalarRanges) {
  std::unique_ptr<Checked> copy = CheckProgram(
      "op Copy:\n  input x: f16\n  output y: f16 like x\n"
      "host:\n  n = numel(x)  # all\n  tile = min(8192, ub_bytes // 8)  # a quarter of the UB\n  launch(1)\n"
      "kernel:\n  buf = ub(f16, tile, buffers=2)\n"
      "  for off in range(0, n, tile):\n    len = min(tile, n - off)\n"
      "    copyin:\n      buf[0:len] = x[off:off + len]\n"
      "    copyout:\n      y[off:off + len] = buf[0:len]\n");
  EXPECT_TRUE(copy->diagnostics.empty());
  EXPECT_EQ(copy->model.FindBuffer("buf")->role, StageRole::QueueBind);
  EXPECT_EQ(copy->model.FindHostValue("tile")->constant, 8192);
  ASSERT_EQ(copy->model.kernelScalars.size(), 2u);
  EXPECT_EQ(copy->model.kernelScalars[1].name, "len");
  EXPECT_EQ(copy->model.kernelScalars[1].upperBound, 8192);
}

TEST(CraftModel, CompareOperandsHoldWholeRepeatsAndShareTheLargestScratch) {
  std::unique_ptr<Checked> compare = CheckProgram(
      "op Where:\n  input a: f16\n  input b: f16\n  output y: f16 like a\n"
      "host:\n  n = numel(a)  # all\n  tile = 1000  # not a multiple of 128 on purpose\n  launch(1)\n"
      "kernel:\n  ain = ub(f16, tile)\n  bin = ub(f16, tile)\n  mask = ub(bool, tile)\n  yout = ub(f16, tile)\n"
      "  for off in range(0, n, tile):\n    len = min(tile, n - off)\n"
      "    copyin:\n      ain[0:len] = a[off:off + len]\n      bin[0:len] = b[off:off + len]\n"
      "    compute:\n      mask = cmp_lt(ain, bin)\n      yout = select(mask, ain, bin)\n"
      "    copyout:\n      y[off:off + len] = yout[0:len]\n");
  EXPECT_TRUE(compare->diagnostics.empty());
  const ProgramModel& model = compare->model;
  EXPECT_EQ(model.FindBuffer("ain")->maxElements, 1024);
  EXPECT_EQ(model.FindBuffer("mask")->maxElements, 1024);
  EXPECT_EQ(model.FindBuffer("yout")->maxElements, 1000) << "only operands are rounded";
  // cmp_lt on 1024 f16: 4 × 1024 + 1024 / 8; select on the 1024-element mask: 2 × 1024 + 1024 / 8.
  EXPECT_EQ(model.ub.bytesPerBuffer.at("temporary"), 4 * 1024 + 128);
  EXPECT_EQ(model.ub.totalBytes, 2048 + 2048 + 1024 + 2016 + 4224);
}

TEST(CraftModel, BufferThroughAllThreeStagesIsAStageError) {
  std::unique_ptr<Checked> through = CheckProgram(
      "op Through:\n  input x: f32\n  output y: f32 like x\n"
      "host:\n  tile = 64  # small\n  launch(1)\n"
      "kernel:\n  b = ub(f32, tile)\n"
      "  copyin:\n    b[0:tile] = x[0:tile]\n  compute:\n    b = adds(b, 1.0)\n"
      "  copyout:\n    y[0:tile] = b[0:tile]\n");
  ASSERT_EQ(through->diagnostics.size(), 1u);
  EXPECT_EQ(through->diagnostics[0].kind, "stage");
  EXPECT_EQ(through->diagnostics[0].line, 8);
}

}  // namespace
}  // namespace akgen::craft
