// Slice lengths compare by value: affine forms of integer expressions.
#include <gtest/gtest.h>

#include "craft/check/affine.h"
#include "craft/check/expr_text.h"
#include "craft/syntax/parser.h"

namespace akgen::craft {
namespace {

// The expression bound in a one-line host section.
Expr Parsed(const std::string& text) {
  const std::string source = "op E:\n  input x: f32\n  output y: f32 like x\nhost:\n  v = " + text +
                             "\n  launch(1)\nkernel:\n  b = ub(f32, 8)\n";
  ParseResult parsed = Parse(source, "e.craft");
  EXPECT_TRUE(parsed.program) << text;
  if (!parsed.program) return {};
  return std::get<Binding>(parsed.program->host[0].node).value;
}

TEST(Affine, EqualValuesCompareEqualWhateverTheSpelling) {
  EXPECT_TRUE(SameValue(Parsed("1"), Parsed("(9 - 8)")));
  EXPECT_TRUE(SameValue(Parsed("3"), Parsed("6 - 3")));
  EXPECT_TRUE(SameValue(Parsed("h"), Parsed("h + h - h")));
  EXPECT_TRUE(SameValue(Parsed("2 * k + 1"), Parsed("1 + k * 2")));
  EXPECT_TRUE(SameValue(Parsed("min(a, b) + 4"), Parsed("4 + min(a, b)")));
  EXPECT_TRUE(SameValue(Parsed("-(a - b)"), Parsed("b - a")));
}

TEST(Affine, DifferentValuesDoNot) {
  EXPECT_FALSE(SameValue(Parsed("h"), Parsed("h + 1")));
  EXPECT_FALSE(SameValue(Parsed("a * b"), Parsed("a * c")));
  EXPECT_FALSE(SameValue(Parsed("min(a, b)"), Parsed("min(b, a) + 0 * a + 1")));
  EXPECT_FALSE(SameValue(Parsed("1.5"), Parsed("1.5 + 0")));  // floats have no affine form
  EXPECT_FALSE(SameValue(Parsed("a // 2"), Parsed("a / 2")));
}

TEST(Affine, DifferencesAreWrittenAsSimplyAsTheyAre) {
  EXPECT_EQ(ExprText(Difference(Parsed("9"), Parsed("8"))), "1");
  EXPECT_EQ(ExprText(Difference(Parsed("off + len"), Parsed("off"))), "len");
  EXPECT_EQ(ExprText(Difference(Parsed("off + min(t, n - off)"), Parsed("off"))), "min(t, (n - off))");
  EXPECT_EQ(ExprText(Difference(Parsed("2 * h"), Parsed("h"))), "h");
  EXPECT_EQ(ExprText(Difference(Parsed("a + b"), Parsed("c"))), "((a + b) - c)");
}

}  // namespace
}  // namespace akgen::craft
