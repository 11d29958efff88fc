#include "bench/metrics/failure_taxonomy.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// What g++ says about a kernel whose body is `body`, compiled against the simulator's headers.
std::string CompilerLog(const std::string& name, const std::string& body) {
  const fs::path source = fs::temp_directory_path() / ("akgen-taxonomy-" + name + ".cpp");
  std::ofstream(source) << "#include \"kernel_operator.h\"\nusing namespace AscendC;\n"
                           "extern \"C\" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y) {\n"
                           "  TPipe pipe;\n  TQue<QuePosition::VECIN, 1> q;\n  LocalTensor<float> a, b;\n"
                           "  GlobalTensor<half> g;\n"
                        << body << "\n}\n";
  const std::string command = "g++ -std=c++20 -fsyntax-only -I" AKGEN_SOURCE_DIR "/sim/include " + source.string() + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string log;
  std::array<char, 4096> buffer{};
  while (size_t read = fread(buffer.data(), 1, buffer.size(), pipe.get())) log.append(buffer.data(), read);
  fs::remove(source);
  return log;
}

struct Example {
  const char* name;
  const char* body;
  const char* expected;
};

// Mistakes of the kinds the paper's Table 7 lists, as real g++ reports them.
TEST(FailureTaxonomyTest, ClassifiesRealCompilerMessagesLikeThePaper) {
  const Example examples[] = {
      {"muls_tensor_scalar", "Muls(a, b, b, 8);", "api-signature"},
      {"add_missing_operand", "Add(a, b, 8);", "api-signature"},
      {"datacopy_wrong_types", "DataCopy(a, g, 8);", "api-signature"},
      {"bool_t", "bool_t v = 1;", "dtype-cast"},
      {"tensor_as_pointer", "float* p = a; (void)p;", "dtype-cast"},
      {"tensor_dtype", "LocalTensor<half> h = a;", "dtype-cast"},
      {"m_pi", "float v = M_PI; (void)v;", "scope"},
      {"undeclared_api", "IsInf(a, b, 8);", "scope"},
      {"tque_get_size", "uint32_t n = q.GetSize(); (void)n;", "memory-object"},
      {"digit_name", "int 1_702_x = 3;", "syntax"},
      {"missing_semicolon", "float v = 1.0 (void)v;", "syntax"},
      {"tiling_key_in_if", "#if TILING_KEY_IS(1)\n#endif", "macro"},
      {"missing_header", "#include \"missing_tiling.h\"", "macro"},
      {"tiling_macro_arguments", "GET_TILING_DATA(t);", "macro"},
  };
  for (const Example& example : examples) {
    const std::string log = CompilerLog(example.name, example.body);
    ASSERT_NE(log.find("error"), std::string::npos) << example.name << " compiled";
    EXPECT_EQ(CompileErrorClass(log), example.expected) << example.name << ":\n" << log.substr(0, 600);
  }
}

TEST(FailureTaxonomyTest, KernelClassesMissingMembersAreStructureAndDeviceCodeIsObjectMisuse) {
  EXPECT_EQ(CompileErrorClass("k.cpp:9:5: error: 'class KernelSnrm2' has no member named 'tailBlock'\n"), "syntax");
  EXPECT_EQ(CompileErrorClass("k.cpp:9:5: error: \xE2\x80\x98" "class AscendC::TBuf<AscendC::TPosition::VECCALC>\xE2\x80\x99"
                              " has no member named \xE2\x80\x98SetFlag\xE2\x80\x99\n"),
            "memory-object")
      << "typographic quotes";
  EXPECT_EQ(CompileErrorClass("op_kernel/muls.cpp:35: error: [device-code] the kernel calls `expf`: ...\n"),
            "memory-object");
  EXPECT_EQ(CompileErrorClass("ld: something odd\n"), "other");
}

TEST(FailureTaxonomyTest, RecordsGetTheirVerdictsClass) {
  ResultRecord record;
  record.verdict = Verdict::CompileError;
  record.details = {{"detail", "k.cpp:5:1: error: 'M_PI' was not declared in this scope\n"}};
  EXPECT_EQ(FailureClass(record), "compile:scope");
  record.verdict = Verdict::SimError;
  record.details = {{"diagnostic_kind", "ub-overflow"}};
  EXPECT_EQ(FailureClass(record), "runtime:ub-overflow");
  record.verdict = Verdict::WrongAnswer;
  EXPECT_EQ(FailureClass(record), "wrong_answer");
  record.verdict = Verdict::Timeout;
  EXPECT_EQ(FailureClass(record), "timeout");
  for (const Verdict none : {Verdict::Pass, Verdict::Timed, Verdict::TaskError}) {
    record.verdict = none;
    EXPECT_FALSE(FailureClass(record).has_value());
  }
}

}  // namespace
}  // namespace akgen::bench
