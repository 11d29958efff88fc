#include "data/corrections/error_signature.h"

#include <gtest/gtest.h>

namespace akgen::data {
namespace {

TEST(ErrorSignatureTest, PathsLinesAndNamesAreAbstracted) {
  const ErrorSignature a = CompileErrorSignature(
      "/tmp/akgen-work-1/unit/op_kernel/muls.cpp: In member function 'void KernelMuls::Compute()':\n"
      "/tmp/akgen-work-1/unit/op_kernel/muls.cpp:83:13: error: no matching function for call to "
      "\xE2\x80\x98Muls(const AscendC::LocalTensor<float>&, uint32_t&)\xE2\x80\x99\n");
  const ErrorSignature b = CompileErrorSignature(
      "op_kernel/add.cpp:12:5: error: no matching function for call to 'Adds(AscendC::LocalTensor<half>&)'\n");
  EXPECT_EQ(a.signature, "no matching function for call to 'ID'");
  EXPECT_EQ(a.signature, b.signature);
  EXPECT_EQ(a.names, std::vector<std::string>{"Muls"});
  EXPECT_EQ(b.names, std::vector<std::string>{"Adds"});
}

TEST(ErrorSignatureTest, PunctuationAndMembersKeepTheirMeaning) {
  const ErrorSignature missing = CompileErrorSignature("k.cpp:37:13: error: expected ';' before 'Compute'\n");
  EXPECT_EQ(missing.signature, "expected ';' before 'ID'");
  EXPECT_EQ(missing.names, std::vector<std::string>{"Compute"});
  const ErrorSignature member = CompileErrorSignature(
      "k.cpp:9:17: error: 'class AscendC::TQue<AscendC::TPosition::VECIN, 2>' has no member named 'GetSize'\n");
  EXPECT_EQ(member.signature, "'ID' has no member named 'ID'");
  EXPECT_EQ(member.names, (std::vector<std::string>{"TQue", "GetSize"}));
  const ErrorSignature count = CompileErrorSignature("k.cpp:1:1: error: too many arguments (5) to 'DataCopy'\n");
  EXPECT_EQ(count.signature, "too many arguments (N) to 'ID'");
}

TEST(ErrorSignatureTest, ALogWithoutAnErrorHasNoSignature) {
  EXPECT_TRUE(CompileErrorSignature("k.cpp:3:1: warning: unused variable 'x'\n").signature.empty());
}

}  // namespace
}  // namespace akgen::data
