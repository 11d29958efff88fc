// A program's op header against a task's host template: what aclnn passes by position must fit.
#include <gtest/gtest.h>

#include "craft/check/checker.h"
#include "craft/check/op_def_signature.h"
#include "craft/syntax/parser.h"

namespace akgen::craft {
namespace {

// A host template in NPUKernelBench's style (our own op).
constexpr const char* kTemplate = R"(
namespace ops {
class ClampRows : public OpDef {
public:
    explicit ClampRows(const char* name) : OpDef(name)
    {
        this->Input("input")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bounds").ParamType(DYNAMIC).DataType({ge::DT_FLOAT, ge::DT_FLOAT});
        this->Output("out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
        this->Attr("low").AttrType(OPTIONAL).Float(0.0);
        this->Attr("dims").AttrType(REQUIRED).ListInt();
    }
};
}
)";

std::vector<Diagnostic> Checked(const std::string& header) {
  const std::string source = header +
                             "host:\n  launch(1)\nkernel:\n  a = ub(f32, 8)\n";
  ParseResult parsed = Parse(source, "p.craft");
  EXPECT_TRUE(parsed.program) << source;
  if (!parsed.program) return {};
  std::vector<Diagnostic> diagnostics;
  const ProgramModel model = BuildModel(*parsed.program, "p.craft", diagnostics);
  const std::optional<OpDefSignature> task = ParseOpDef(kTemplate);
  EXPECT_TRUE(task);
  return task ? CheckSignature(parsed.program->op, model, *task, "p.craft", "op_host/clamp_rows.cpp") : diagnostics;
}

std::string Messages(const std::vector<Diagnostic>& diagnostics, Severity severity) {
  std::string text;
  for (const Diagnostic& diagnostic : diagnostics)
    if (diagnostic.severity == severity) text += diagnostic.message + "\n";
  return text;
}

TEST(OpDefSignature, ReadsInputsOutputsAndAttributesInOrder) {
  const std::optional<OpDefSignature> task = ParseOpDef(kTemplate);
  ASSERT_TRUE(task);
  ASSERT_EQ(task->inputs.size(), 2u);
  EXPECT_EQ(task->inputs[0].name, "input");
  EXPECT_EQ(task->inputs[0].dtypes, (std::vector<std::string>{"f16", "f32"}));
  EXPECT_TRUE(task->inputs[1].list);
  ASSERT_EQ(task->outputs.size(), 1u);
  ASSERT_EQ(task->attrs.size(), 2u);
  EXPECT_EQ(task->attrs[0].kind, "Float");
  EXPECT_EQ(task->attrs[1].kind, "ListInt");
  EXPECT_FALSE(ParseOpDef("int main() { return 0; }"));
}

TEST(OpDefSignature, AFittingHeaderGivesNothing) {
  const std::vector<Diagnostic> diagnostics =
      Checked("op ClampRows:\n  input input: T\n  input bounds: list f32\n  attr low: float\n  attr dims: list int\n"
              "  output out: T like input\n  dtypes T: f16, f32\n");
  EXPECT_TRUE(diagnostics.empty()) << Messages(diagnostics, Severity::Error) << Messages(diagnostics, Severity::Warning);
}

TEST(OpDefSignature, OrderKindsAndCountsAreErrorsNamesAndColumnsWarnings) {
  const std::vector<Diagnostic> diagnostics =
      Checked("op ClampRows:\n  input x: T\n  input bounds: f32\n  attr low: int\n"
              "  output out: T like x\n  dtypes T: f16\n");
  const std::string errors = Messages(diagnostics, Severity::Error);
  const std::string warnings = Messages(diagnostics, Severity::Warning);
  EXPECT_NE(errors.find("input 2 `bounds` is not a tensor list"), std::string::npos) << errors;
  EXPECT_NE(errors.find("attribute 1 `low` is int, but the task passes `low` as float"), std::string::npos) << errors;
  EXPECT_NE(errors.find("passes the attribute `dims` (list int), which the op does not declare"), std::string::npos) << errors;
  EXPECT_NE(warnings.find("input 1 is `input` in the task, `x` here"), std::string::npos) << warnings;
  EXPECT_NE(warnings.find("(input f32, bounds f32, out f32), a combination the op does not declare"), std::string::npos)
      << warnings;
}

// An OpDef often lists dtypes no case uses: one craft lacks beside ones it has is a warning (its
// cases fail), a tensor only in dtypes craft lacks an error.
TEST(OpDefSignature, ADtypeCraftLacksIsAWarningBesideOnesItHas) {
  constexpr const char* kWider = R"(
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_UINT32});
        this->Input("z").ParamType(REQUIRED).DataType({ge::DT_UINT16, ge::DT_UINT16});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_UINT32});
)";
  const std::string source = "op Wider:\n  input x: f32\n  input z: f32\n  output y: f32 like x\n"
                             "host:\n  launch(1)\nkernel:\n  a = ub(f32, 8)\n";
  ParseResult parsed = Parse(source, "p.craft");
  ASSERT_TRUE(parsed.program);
  std::vector<Diagnostic> built;
  const ProgramModel model = BuildModel(*parsed.program, "p.craft", built);
  const std::optional<OpDefSignature> task = ParseOpDef(kWider);
  ASSERT_TRUE(task);
  const std::vector<Diagnostic> diagnostics = CheckSignature(parsed.program->op, model, *task, "p.craft", "op_host/wider.cpp");
  const std::string errors = Messages(diagnostics, Severity::Error);
  const std::string warnings = Messages(diagnostics, Severity::Warning);
  EXPECT_NE(warnings.find("also accepts `x` as DT_UINT32, which craft has no dtype for"), std::string::npos) << warnings;
  EXPECT_NE(warnings.find("also accepts `y` as DT_UINT32"), std::string::npos) << warnings;
  EXPECT_NE(errors.find("the task passes `z` as DT_UINT16, which craft has no dtype for"), std::string::npos) << errors;
  EXPECT_EQ(errors.find("`x`"), std::string::npos) << errors;
}

TEST(OpDefSignature, AComplexTensorIsC64) {
  constexpr const char* kComplex = R"(
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_COMPLEX64});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_COMPLEX64});
)";
  const std::optional<OpDefSignature> task = ParseOpDef(kComplex);
  ASSERT_TRUE(task);
  // the signature's messages at a severity for the program declaring x and y with `dtype`
  auto messages = [&](const std::string& dtype, Severity severity) {
    const std::string source = "op Pairs:\n  input x: " + dtype + "\n  output y: " + dtype +
                               " like x\nhost:\n  launch(1)\nkernel:\n  a = ub(f32, 8)\n";
    ParseResult parsed = Parse(source, "p.craft");
    EXPECT_TRUE(parsed.program);
    std::vector<Diagnostic> built;
    const ProgramModel model = BuildModel(*parsed.program, "p.craft", built);
    return Messages(CheckSignature(parsed.program->op, model, *task, "p.craft", "op_host/pairs.cpp"), severity);
  };
  EXPECT_EQ(messages("c64", Severity::Error) + messages("c64", Severity::Warning), "");
  const std::string f32 = messages("f32", Severity::Warning);
  EXPECT_NE(f32.find("accepts (x c64, y c64), a combination the op does not declare"), std::string::npos) << f32;
}

}  // namespace
}  // namespace akgen::craft
