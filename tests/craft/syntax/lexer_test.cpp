// The lexer: indentation as Indent/Dedent tokens, logical lines, numbers, strings, and the
// comments it keeps by line for the parser's rationales.
#include "craft/syntax/lexer.h"

#include <gtest/gtest.h>

namespace akgen::craft {
namespace {

std::vector<TokenKind> Kinds(const LexResult& result) {
  std::vector<TokenKind> kinds;
  for (const Token& token : result.tokens) kinds.push_back(token.kind);
  return kinds;
}

using enum TokenKind;

TEST(CraftLexer, IndentationBecomesIndentAndDedent) {
  LexResult result = Lex("a:\n  b\n\n  # note\n    c\nd\n");
  EXPECT_TRUE(result.errors.empty());
  EXPECT_EQ(Kinds(result), (std::vector<TokenKind>{Name, Operator, Newline, Indent, Name, Newline, Indent, Name,
                                                   Newline, Dedent, Dedent, Name, Newline, End}));
  EXPECT_EQ(result.tokens[7].text, "c");
  EXPECT_EQ(result.tokens[7].at.line, 5);
  EXPECT_EQ(result.tokens[7].at.column, 5);
}

TEST(CraftLexer, BracketsJoinLines) {
  LexResult result = Lex("f(a,\n    b)\nc\n");
  EXPECT_TRUE(result.errors.empty());
  EXPECT_EQ(Kinds(result),
            (std::vector<TokenKind>{Name, Operator, Name, Operator, Name, Operator, Newline, Name, Newline, End}));
}

TEST(CraftLexer, NumbersStringsAndOperators) {
  LexResult result = Lex("x = 0x1F + 2.5e-1 // 3 ** 1e3 <= \"a \\\"q\\\"\"\n");
  EXPECT_TRUE(result.errors.empty());
  const std::vector<Token>& t = result.tokens;
  EXPECT_EQ(t[2].kind, Integer);
  EXPECT_EQ(t[2].integer, 31);
  EXPECT_EQ(t[4].kind, Float);
  EXPECT_DOUBLE_EQ(t[4].number, 0.25);
  EXPECT_EQ(t[5].text, "//");
  EXPECT_EQ(t[7].text, "**");
  EXPECT_DOUBLE_EQ(t[8].number, 1000.0);
  EXPECT_EQ(t[9].text, "<=");
  EXPECT_EQ(t[10].kind, String);
  EXPECT_EQ(t[10].text, "a \"q\"");
}

TEST(CraftLexer, KeepsCommentsByLine) {
  LexResult result = Lex("# own line\nx = 1  #  trailing  \n");
  EXPECT_EQ(result.comments.ownLine.at(1), "own line");
  EXPECT_EQ(result.comments.trailing.at(2), "trailing");
  EXPECT_EQ(result.comments.ownLine.count(2), 0u);
}

TEST(CraftLexer, ErrorsKeepGoing) {
  LexResult result = Lex("a = 1 @ 2\n\tb = 3\nc = \"open\n");
  ASSERT_EQ(result.errors.size(), 3u);
  EXPECT_EQ(result.errors[0].message, "unexpected `@` here");
  EXPECT_EQ(result.errors[1].message, "a tab in indentation");
  EXPECT_EQ(result.errors[2].message, "this string is not closed on its line");
  EXPECT_EQ(result.errors[2].at.line, 3);
  EXPECT_EQ(Lex(std::string(10000, '$')).errors.size(), 50u) << "garbage is capped";
}

TEST(CraftLexer, KeywordsAreTheDocumentedOnes) {
  for (const char* keyword : {"op", "input", "output", "attr", "dtypes", "like", "host", "kernel", "for", "in", "if",
                              "elif", "else", "copyin", "compute", "copyout", "and", "or", "not", "true", "false"})
    EXPECT_TRUE(IsKeyword(keyword)) << keyword;
  for (const char* name : {"list", "optional", "shape", "range", "ub", "tile"}) EXPECT_FALSE(IsKeyword(name)) << name;
}

}  // namespace
}  // namespace akgen::craft
