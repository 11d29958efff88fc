#include "bench/task/test_cases_csv.h"

#include <gtest/gtest.h>

namespace akgen::bench {
namespace {

constexpr const char* kPath = "tasks/level1/Math/Sqrt/validation/test_cases.csv";

TEST(TestCasesCsvTest, KeepsValuesAsRawStringsByColumnName) {
  const TestCaseTable table =
      ParseTestCases("case_id;shape;dtype\n0;[48, 128, 512];float16\n1;[[1, 2], [3]];bfloat16", kPath);
  ASSERT_TRUE(table.errors.empty()) << table.errors.front();
  EXPECT_EQ(table.columns, (std::vector<std::string>{"case_id", "shape", "dtype"}));
  ASSERT_EQ(table.cases.size(), 2u);
  EXPECT_EQ(table.cases[0].id, 0);
  EXPECT_EQ(table.cases[0].values.at("shape"), "[48, 128, 512]");
  EXPECT_EQ(table.cases[0].values.at("case_id"), "0");
  EXPECT_EQ(table.cases[1].values.at("shape"), "[[1, 2], [3]]");
  EXPECT_EQ(table.cases[1].values.at("dtype"), "bfloat16");
  EXPECT_EQ(table.cases[1].line, 3);
}

TEST(TestCasesCsvTest, AcceptsByteOrderMarkCrlfBlankLinesAndTrailingSeparators) {
  const TestCaseTable table = ParseTestCases(
      "\xEF\xBB\xBF"
      "case_id;shape;dtype;\r\n0;[7];float32;\r\n\r\n  \r\n1;[9];int8;\r\n",
      kPath);
  ASSERT_TRUE(table.errors.empty()) << table.errors.front();
  EXPECT_EQ(table.columns, (std::vector<std::string>{"case_id", "shape", "dtype"}));
  ASSERT_EQ(table.cases.size(), 2u);
  EXPECT_EQ(table.cases[0].values.at("dtype"), "float32");
  EXPECT_EQ(table.cases[1].values.at("dtype"), "int8");
  EXPECT_EQ(table.cases[1].line, 5);
}

TEST(TestCasesCsvTest, TrimsUnquotedFieldsAndUnquotesQuotedOnes) {
  const TestCaseTable table = ParseTestCases("case_id ; shape ; note\n 3 ; [2, 3] ;\"a;b \"\"c\"\" \"\n", kPath);
  ASSERT_TRUE(table.errors.empty()) << table.errors.front();
  EXPECT_EQ(table.columns, (std::vector<std::string>{"case_id", "shape", "note"}));
  ASSERT_EQ(table.cases.size(), 1u);
  EXPECT_EQ(table.cases[0].id, 3);
  EXPECT_EQ(table.cases[0].values.at("shape"), "[2, 3]");
  EXPECT_EQ(table.cases[0].values.at("note"), "a;b \"c\" ");
}

TEST(TestCasesCsvTest, AQuotedFieldMaySpanLines) {
  const TestCaseTable table = ParseTestCases("case_id;text\n0;\"two\nlines\"\n1;x\n", kPath);
  ASSERT_TRUE(table.errors.empty()) << table.errors.front();
  ASSERT_EQ(table.cases.size(), 2u);
  EXPECT_EQ(table.cases[0].values.at("text"), "two\nlines");
  EXPECT_EQ(table.cases[1].line, 4);
}

TEST(TestCasesCsvTest, KeepsAnEmptyLastValueWhenTheHeaderHasThatColumn) {
  const TestCaseTable table = ParseTestCases("case_id;shape;bias\n0;[4];\n", kPath);
  ASSERT_TRUE(table.errors.empty()) << table.errors.front();
  EXPECT_EQ(table.cases[0].values.at("bias"), "");
}

TEST(TestCasesCsvTest, NamesFileLineAndFixForAShortRow) {
  const TestCaseTable table = ParseTestCases("case_id;shape;dtype\n0;[1];float16\n1;[2];float16\n2;[3]\n", kPath);
  ASSERT_EQ(table.errors.size(), 1u);
  EXPECT_EQ(table.errors[0],
            "tasks/level1/Math/Sqrt/validation/test_cases.csv:4: expected 3 fields separated by ';', found 2; "
            "give every row one value per header column");
  EXPECT_EQ(table.cases.size(), 2u);
}

TEST(TestCasesCsvTest, RejectsAHeaderWithoutCaseIdFirst) {
  const TestCaseTable table = ParseTestCases("shape;case_id\n[1];0\n", kPath);
  ASSERT_EQ(table.errors.size(), 1u);
  EXPECT_NE(table.errors[0].find("test_cases.csv:1: the first column is `shape`, expected `case_id`"),
            std::string::npos);
}

TEST(TestCasesCsvTest, RejectsBadAndRepeatedCaseIds) {
  const TestCaseTable table = ParseTestCases("case_id;shape\n0;[1]\nfirst;[2]\n0;[3]\n-1;[4]\n", kPath);
  ASSERT_EQ(table.errors.size(), 3u);
  EXPECT_NE(table.errors[0].find(":3: case_id `first` is not a non-negative integer"), std::string::npos);
  EXPECT_NE(table.errors[1].find(":4: case_id 0 repeats line 2"), std::string::npos);
  EXPECT_NE(table.errors[2].find(":5: case_id `-1` is not a non-negative integer"), std::string::npos);
}

TEST(TestCasesCsvTest, RejectsUnnamedAndDuplicateColumns) {
  const TestCaseTable table = ParseTestCases("case_id;;dtype;dtype\n0;a;b;c\n", kPath);
  ASSERT_EQ(table.errors.size(), 2u);
  EXPECT_NE(table.errors[0].find(":1: column 2 has no name"), std::string::npos);
  EXPECT_NE(table.errors[1].find(":1: column `dtype` appears twice"), std::string::npos);
}

TEST(TestCasesCsvTest, ReportsAnUnclosedQuoteWhereItsRowStarts) {
  const TestCaseTable table = ParseTestCases("case_id;shape\n0;[1]\n1;\"[2]\n", kPath);
  ASSERT_FALSE(table.errors.empty());
  EXPECT_NE(table.errors[0].find(":3: a quoted field is never closed"), std::string::npos);
}

TEST(TestCasesCsvTest, RejectsEmptyFilesAndTablesWithoutCases) {
  EXPECT_EQ(ParseTestCases("", kPath).errors,
            std::vector<std::string>{std::string(kPath) +
                                     ": the file is empty; write a header line starting with `case_id`"});
  EXPECT_EQ(ParseTestCases("\xEF\xBB\xBF\r\n", kPath).errors.size(), 1u);
  EXPECT_EQ(ParseTestCases("case_id;shape\n", kPath).errors,
            std::vector<std::string>{std::string(kPath) + ": no cases below the header; add one row per case"});
}

}  // namespace
}  // namespace akgen::bench
