#include "data/hygiene/code_tokens.h"

#include <gtest/gtest.h>

namespace akgen::data {
namespace {

TEST(CodeTokensTest, CommentsAndLayoutDoNotChangeTheNormalForm) {
  const std::string a = "int x = a+b; // sum\n/* block\ncomment */ Muls(r, a0, value, count);\n";
  const std::string b = "int   x=a + b;\n\n    Muls( r,a0,value,count ) ;";
  EXPECT_EQ(NormalizedCode(a), NormalizedCode(b));
  EXPECT_EQ(NormalizedCode(a), "int x = a + b ; Muls ( r , a0 , value , count ) ;");
  EXPECT_NE(NormalizedCode(a), NormalizedCode("int x = a+c; Muls(r, a0, value, count);"));
}

TEST(CodeTokensTest, LiteralsStayWholeEvenWhenTheyHoldCommentMarkers) {
  EXPECT_EQ(CodeTokens("s = \"a // b\"; c = '/'; f = 1.5f;"),
            (std::vector<std::string>{"s", "=", "\"a // b\"", ";", "c", "=", "'/'", ";", "f", "=", "1.5f", ";"}));
  EXPECT_EQ(CodeTokens("p = \"esc\\\"aped\";"), (std::vector<std::string>{"p", "=", "\"esc\\\"aped\"", ";"}));
}

}  // namespace
}  // namespace akgen::data
