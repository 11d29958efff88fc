// The parser builds the syntax tree for every construct of docs/dsl.md, and turns malformed input
// into `syntax` diagnostics with positions, never a crash.
#include "craft/syntax/parser.h"

#include <gtest/gtest.h>

namespace akgen::craft {
namespace {

// A program around the given kernel lines, with a fixed header and host.
std::string WithKernel(const std::string& kernel) {
  return "op K:\n  input x: f32\n  output y: f32 like x\n\nhost:\n  n = numel(x)  # all\n  launch(1)\n\nkernel:\n" +
         kernel;
}

Program ParseClean(const std::string& source) {
  ParseResult result = Parse(source, "t.craft");
  for (const Diagnostic& diagnostic : result.diagnostics) ADD_FAILURE() << Format(diagnostic);
  EXPECT_TRUE(result.program.has_value());
  return result.program.value_or(Program{});
}

std::vector<Diagnostic> ParseErrors(const std::string& source) {
  ParseResult result = Parse(source, "t.craft");
  EXPECT_FALSE(result.program.has_value());
  for (const Diagnostic& diagnostic : result.diagnostics) {
    EXPECT_EQ(diagnostic.kind, "syntax");
    EXPECT_FALSE(diagnostic.hint.empty()) << diagnostic.message;
  }
  return result.diagnostics;
}

template <typename Node>
const Node& As(const Statement& statement) {
  const Node* node = std::get_if<Node>(&statement.node);
  if (!node) throw std::runtime_error("unexpected statement kind");
  return *node;
}

TEST(CraftParser, OpHeaderDeclaresEveryForm) {
  Program program = ParseClean(
      "op Many:\n"
      "  input x: T\n"
      "  input xs: list T\n"
      "  input bias: f32 optional\n"
      "  attr eps: float = 1e-5\n"
      "  attr axis: int = -1\n"
      "  attr keep: bool\n"
      "  output y: T like x\n"
      "  output r: f32 like x[:-1]\n"
      "  output s: f32 shape []\n"
      "  output m: i32 shape [dim(x, 0), 4]\n"
      "  output ys: list T like xs\n"
      "  dtypes T: f16, bf16, f32\n"
      "host:\n  launch(1)\nkernel:\n  n = 0\n");
  const OpHeader& op = program.op;
  EXPECT_EQ(op.name, "Many");
  ASSERT_EQ(op.inputs.size(), 3u);
  EXPECT_FALSE(op.inputs[0].list);
  EXPECT_TRUE(op.inputs[1].list);
  EXPECT_EQ(op.inputs[1].type.name, "T");
  EXPECT_TRUE(op.inputs[2].optional);
  ASSERT_EQ(op.attrs.size(), 3u);
  EXPECT_EQ(op.attrs[0].kind, AttrKind::Float);
  EXPECT_EQ(op.attrs[0].defaultValue->kind, ExprKind::Float);
  EXPECT_DOUBLE_EQ(op.attrs[0].defaultValue->number, 1e-5);
  EXPECT_EQ(op.attrs[1].kind, AttrKind::Int);
  EXPECT_EQ(op.attrs[1].defaultValue->kind, ExprKind::Unary);
  EXPECT_EQ(op.attrs[2].kind, AttrKind::Bool);
  EXPECT_FALSE(op.attrs[2].defaultValue);
  ASSERT_EQ(op.outputs.size(), 5u);
  EXPECT_EQ(op.outputs[0].shape, ShapeRule::Like);
  EXPECT_EQ(op.outputs[0].likeInput, "x");
  EXPECT_EQ(op.outputs[1].shape, ShapeRule::LikeDropLast);
  EXPECT_EQ(op.outputs[2].shape, ShapeRule::Explicit);
  EXPECT_TRUE(op.outputs[2].extents.empty());
  ASSERT_EQ(op.outputs[3].extents.size(), 2u);
  EXPECT_EQ(op.outputs[3].extents[0].name, "dim");
  EXPECT_TRUE(op.outputs[4].list);
  ASSERT_EQ(op.dtypes.size(), 1u);
  EXPECT_EQ(op.dtypes[0].variable, "T");
  ASSERT_EQ(op.dtypes[0].dtypes.size(), 3u);
  EXPECT_EQ(op.dtypes[0].dtypes[1].name, "bf16");
  EXPECT_EQ(op.dtypes[0].dtypes[1].at.line, 13);
  EXPECT_EQ(op.dtypes[0].dtypes[1].at.column, 18);
}

TEST(CraftParser, HostStatementsAndRationales) {
  Program program = ParseClean(
      "op K:\n  input x: f32\n  output y: f32 like x\n"
      "host:\n"
      "  n = numel(x)\n"
      "  # first line of why,\n"
      "  # second line of why\n"
      "  tile = 4096\n"
      "  cores = min(core_num, cdiv(n, tile))  # trailing why\n"
      "\n"
      "  unit = 256\n"
      "  require(n % 8 == 0, \"n must be a multiple of 8\")\n"
      "  zero(y)\n"
      "  launch(cores)\n"
      "kernel:\n  m = 0\n");
  ASSERT_EQ(program.host.size(), 7u);
  EXPECT_EQ(As<Binding>(program.host[0]).rationale, "");
  EXPECT_EQ(As<Binding>(program.host[1]).rationale, "first line of why, second line of why");
  EXPECT_EQ(As<Binding>(program.host[2]).rationale, "trailing why");
  EXPECT_EQ(As<Binding>(program.host[3]).rationale, "") << "a blank line separates a comment from the binding";
  const Require& require = As<Require>(program.host[4]);
  EXPECT_EQ(require.message, "n must be a multiple of 8");
  EXPECT_EQ(require.condition.name, "==");
  EXPECT_EQ(As<ZeroOutput>(program.host[5]).output, "y");
  EXPECT_EQ(As<Launch>(program.host[6]).cores.name, "cores");
  EXPECT_EQ(program.host[6].at.line, 14);
  EXPECT_EQ(program.host[6].at.column, 3);
}

TEST(CraftParser, KernelBuffersLoopsBranchesAndStages) {
  Program program = ParseClean(WithKernel(
      "  a = ub(T, tile, buffers=2)\n"
      "  m = ub(f32, rows, 64)\n"
      "  w = l1(f16, 1024)\n"
      "  start, count = block_span(n, 256)\n"
      "  for off in range(start, start + count, tile):\n"
      "    len = min(tile, start + count - off)\n"
      "    copyin:\n"
      "      a[0:len] = x[off:off + len]\n"
      "      m[0:r, :] = x[row:row + r, :]\n"
      "      a[0:len] = xs[i][off:off + len]\n"
      "    compute:\n"
      "      a = adds(a, 1.0)\n"
      "    copyout:\n"
      "      y[off:off + len] = a[0:len]\n"
      "      atomic_add(y[0:1], a[0:1])\n"
      "      sync_all()\n"
      "  if block_idx == 0:\n"
      "    k = 1\n"
      "  elif block_idx == 1:\n"
      "    k = 2\n"
      "  else:\n"
      "    k = 3\n"));
  const Block& kernel = program.kernel;
  ASSERT_EQ(kernel.size(), 6u);
  const BufferDecl& a = As<BufferDecl>(kernel[0]);
  EXPECT_EQ(a.memory, Memory::UnifiedBuffer);
  EXPECT_EQ(a.dtype.name, "T");
  ASSERT_EQ(a.extents.size(), 1u);
  EXPECT_EQ(a.buffers->integer, 2);
  EXPECT_EQ(As<BufferDecl>(kernel[1]).extents.size(), 2u);
  EXPECT_EQ(As<BufferDecl>(kernel[2]).memory, Memory::L1);
  EXPECT_EQ(As<Binding>(kernel[3]).names, (std::vector<std::string>{"start", "count"}));
  const ForLoop& loop = As<ForLoop>(kernel[4]);
  EXPECT_EQ(loop.variable, "off");
  EXPECT_EQ(loop.step->name, "tile");
  ASSERT_EQ(loop.body.size(), 4u);
  const StageBlock& copyin = As<StageBlock>(loop.body[1]);
  EXPECT_EQ(copyin.kind, StageKind::CopyIn);
  ASSERT_EQ(copyin.body.size(), 3u);
  const Copy& flat = As<Copy>(copyin.body[0]);
  EXPECT_EQ(flat.destination.name, "a");
  ASSERT_EQ(flat.destination.ranges.size(), 1u);
  EXPECT_EQ(flat.destination.ranges[0].start->integer, 0);
  EXPECT_EQ(flat.source.name, "x");
  EXPECT_EQ(flat.source.ranges[0].stop->name, "+");
  const Copy& rows = As<Copy>(copyin.body[1]);
  ASSERT_EQ(rows.source.ranges.size(), 2u);
  EXPECT_FALSE(rows.source.ranges[1].start);
  EXPECT_FALSE(rows.source.ranges[1].stop);
  const Copy& listed = As<Copy>(copyin.body[2]);
  EXPECT_EQ(listed.source.listIndex->name, "i");
  EXPECT_EQ(listed.source.ranges.size(), 1u);
  const StageBlock& compute = As<StageBlock>(loop.body[2]);
  const ComputeAssign& assign = As<ComputeAssign>(compute.body[0]);
  EXPECT_EQ(assign.destination, "a");
  EXPECT_EQ(assign.value.name, "adds");
  const StageBlock& copyout = As<StageBlock>(loop.body[3]);
  EXPECT_FALSE(As<Copy>(copyout.body[0]).atomicAdd);
  EXPECT_TRUE(As<Copy>(copyout.body[1]).atomicAdd);
  EXPECT_EQ(As<Copy>(copyout.body[1]).destination.name, "y");
  EXPECT_TRUE(std::holds_alternative<SyncAllBlocks>(copyout.body[2].node));
  const IfChain& chain = As<IfChain>(kernel[5]);
  EXPECT_EQ(chain.branches.size(), 2u);
  EXPECT_EQ(chain.orElse.size(), 1u);
}

TEST(CraftParser, ContextDecidesStatementKinds) {
  Program program = ParseClean(WithKernel(
      "  b = ub(f32, 8)\n"
      "  k = exp(b)\n"
      "  copyin:\n"
      "    b = exp(b)\n"
      "    b = x\n"
      "  compute:\n"
      "    b = exp(b)\n"
      "    b[0:1] = x[0:1]\n"));
  EXPECT_TRUE(std::holds_alternative<Binding>(program.kernel[1].node)) << "outside stages: a binding";
  const Block& copyin = As<StageBlock>(program.kernel[2]).body;
  EXPECT_TRUE(std::holds_alternative<ComputeAssign>(copyin[0].node)) << "left for the checker to place";
  EXPECT_TRUE(std::holds_alternative<Copy>(copyin[1].node)) << "a bare name in a copy block is a whole copy";
  const Block& compute = As<StageBlock>(program.kernel[3]).body;
  EXPECT_TRUE(std::holds_alternative<ComputeAssign>(compute[0].node));
  EXPECT_TRUE(std::holds_alternative<Copy>(compute[1].node)) << "a slice makes a copy anywhere";
}

TEST(CraftParser, ExpressionsFollowPythonPrecedence) {
  Program program = ParseClean(
      "op K:\n  input x: f32\n  output y: f32 like x\nhost:\n"
      "  a = 1 + 2 * 3 ** 2\n"
      "  b = -2 ** 2\n"
      "  c = 0x1F if not a < 3 and true or false else 2.0e3\n"
      "  d = (1 + 2) // 4 % 3\n"
      "  launch(1)\nkernel:\n  k = 0\n");
  const Expr& a = As<Binding>(program.host[0]).value;
  ASSERT_EQ(a.name, "+");
  EXPECT_EQ(a.operands[1].name, "*");
  EXPECT_EQ(a.operands[1].operands[1].name, "**");
  const Expr& b = As<Binding>(program.host[1]).value;
  EXPECT_EQ(b.kind, ExprKind::Unary) << "-2 ** 2 is -(2 ** 2)";
  EXPECT_EQ(b.operands[0].name, "**");
  const Expr& c = As<Binding>(program.host[2]).value;
  ASSERT_EQ(c.kind, ExprKind::Conditional);
  EXPECT_EQ(c.operands[0].integer, 31);
  EXPECT_EQ(c.operands[1].name, "or");
  EXPECT_EQ(c.operands[1].operands[0].name, "and");
  EXPECT_EQ(c.operands[1].operands[0].operands[0].name, "not");
  EXPECT_DOUBLE_EQ(c.operands[2].number, 2000.0);
  const Expr& d = As<Binding>(program.host[3]).value;
  EXPECT_EQ(d.name, "%");
  EXPECT_EQ(d.operands[0].name, "//");
  EXPECT_EQ(d.operands[0].operands[0].name, "+");
}

TEST(CraftParser, ReportsSeveralErrorsWithPositions) {
  std::vector<Diagnostic> errors = ParseErrors(
      "op K:\n  input x: f32\n  output y: f32 like x\nhost:\n"
      "  n = numel(x\n"
      "  m = 3 +\n"
      "  launch(1)\n"
      "kernel:\n"
      "  for i in range(0, 4)\n"
      "    k = 1\n"
      "  j = = 2\n");
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].line, 5);
  EXPECT_EQ(errors[0].column, 12);
  EXPECT_EQ(errors[0].message, "this bracket is never closed");
  EXPECT_EQ(errors[1].line, 6);
  EXPECT_EQ(errors[1].message, "expected an expression, found the end of the line");
  EXPECT_EQ(errors[2].line, 9);
  EXPECT_EQ(errors[2].message, "expected `:`, found the end of the line");
  EXPECT_EQ(errors[3].line, 11);
  EXPECT_EQ(errors[3].column, 7);
}

TEST(CraftParser, IndentationErrors) {
  std::vector<Diagnostic> tab = ParseErrors(WithKernel("\tk = 1\n"));
  ASSERT_FALSE(tab.empty());
  EXPECT_EQ(tab[0].message, "a tab in indentation");
  EXPECT_EQ(tab[0].line, 10);
  std::vector<Diagnostic> dedent = ParseErrors(WithKernel("    k = 1\n  j = 2\n"));
  ASSERT_EQ(dedent.size(), 1u);
  EXPECT_EQ(dedent[0].message, "this line's indentation matches no enclosing block");
  std::vector<Diagnostic> indent = ParseErrors(WithKernel("  k = 1\n    j = 2\n"));
  ASSERT_EQ(indent.size(), 1u);
  EXPECT_EQ(indent[0].message, "unexpected indentation");
}

TEST(CraftParser, MisplacedStatementsAreSyntaxErrors) {
  auto first = [](const std::string& source) {
    std::vector<Diagnostic> errors = ParseErrors(source);
    return errors.empty() ? std::string() : errors[0].message;
  };
  EXPECT_EQ(first(WithKernel("  launch(2)\n")), "`launch` outside the host section");
  EXPECT_EQ(first(WithKernel("  k = 1\n  b = ub(f32, 8)\n")), "a buffer declared after the kernel's statements began");
  EXPECT_EQ(first(WithKernel("  for i in range(0, 2):\n    b = ub(f32, 8)\n")), "a buffer declared here");
  EXPECT_EQ(first(WithKernel("  compute:\n    copyin:\n      k = 1\n")), "a stage block inside a stage block");
  EXPECT_EQ(first(WithKernel("  compute:\n    for i in range(0, 2):\n      k = 1\n")), "`for` inside a stage block");
  EXPECT_EQ(first(WithKernel("  exp(x)\n")), "the result of `exp(...)` is not assigned");
  EXPECT_EQ(first(WithKernel("  else:\n    k = 1\n")), "`else` without an `if`");
  EXPECT_EQ(first(WithKernel("  k = a < b < c\n")), "comparisons do not chain");
  EXPECT_EQ(first(WithKernel("  k = 1 + x[:2]\n")), "a slice inside an expression");
  EXPECT_EQ(first(WithKernel("  k = 1 + x[0:2]\n")), "a slice inside an expression");
  EXPECT_EQ(first("kernel:\n  k = 1\n"), "`kernel` out of place: expected `op`");
}

TEST(CraftParser, LexicalErrors) {
  auto first = [](const std::string& kernelLine) {
    std::vector<Diagnostic> errors = ParseErrors(WithKernel(kernelLine));
    return errors.empty() ? std::string() : errors[0].message;
  };
  EXPECT_EQ(first("  k = 12ab\n"), "malformed number `12ab`");
  EXPECT_EQ(first("  k = 0x\n"), "the integer 0x is malformed or does not fit 64 bits");
  EXPECT_EQ(first("  k = 99999999999999999999\n"), "the integer 99999999999999999999 is malformed or does not fit 64 bits");
  EXPECT_EQ(first("  k = \"open\n"), "this string is not closed on its line");
  EXPECT_EQ(first("  k = 1 ; 2\n"), "unexpected `;` here");
  EXPECT_EQ(first("  k = \xC3\xA9\n"), "unexpected a character here");
}

TEST(CraftParser, DeepNestingIsAnErrorNotACrash) {
  std::string deep(100000, '(');
  std::vector<Diagnostic> errors = ParseErrors(WithKernel("  k = " + deep + "1" + std::string(100000, ')') + "\n"));
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors.back().message, "the program nests more than 64 levels deep");
  std::string unary;
  for (int i = 0; i < 100000; ++i) unary += "not ";
  EXPECT_FALSE(ParseErrors(WithKernel("  k = " + unary + "1\n")).empty());
  std::string blocks;
  for (int depth = 1; depth < 200; ++depth) blocks += std::string(2 * depth, ' ') + "if k:\n";
  EXPECT_FALSE(ParseErrors(WithKernel(blocks + std::string(400, ' ') + "k = 1\n")).empty());
}

TEST(CraftParser, EmptyAndTruncatedInputs) {
  std::vector<Diagnostic> empty = ParseErrors("");
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_EQ(empty[0].message, "the program ends without its `op`, `host`, `kernel` sections");
  EXPECT_FALSE(ParseErrors("op").empty());
  EXPECT_FALSE(ParseErrors("op K:\n").empty());
  EXPECT_FALSE(ParseErrors("op K:\n  input x: f32\nhost:\n").empty());
  EXPECT_FALSE(ParseErrors("op K:\n  output y: f32 like x[:-2]\nhost:\n  launch(1)\nkernel:\n  k = 1\n").empty());
}

}  // namespace
}  // namespace akgen::craft
