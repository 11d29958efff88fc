// What the console shows of a failed unit's detail.
#include "bench/eval/failure_summary.h"

#include <gtest/gtest.h>

namespace akgen::bench {
namespace {

TEST(FailureSummaryTest, ACompileErrorShowsTheCompilersFirstErrorsNotItsCommandLine) {
  const std::string log =
      "/usr/bin/g++ -std=c++20 -O1 -c /tmp/k/op_kernel/muls.cpp -o k.o \n"
      "/tmp/k/op_kernel/muls.cpp: In function 'void f()':\n"
      "/tmp/k/op_kernel/muls.cpp:7:24: error: expected ';' before 'x'\n"
      "/tmp/k/op_kernel/muls.cpp:9:3: error: 'y' was not declared in this scope\n"
      "/tmp/k/op_kernel/muls.cpp:10:3: error: 'z' was not declared in this scope\n"
      "/tmp/k/op_kernel/muls.cpp:11:3: error: 'w' was not declared in this scope\n";
  EXPECT_EQ(FailureSummary(Verdict::CompileError, log),
            "/tmp/k/op_kernel/muls.cpp:7:24: error: expected ';' before 'x'\n"
            "  /tmp/k/op_kernel/muls.cpp:9:3: error: 'y' was not declared in this scope\n"
            "  /tmp/k/op_kernel/muls.cpp:10:3: error: 'z' was not declared in this scope");
}

TEST(FailureSummaryTest, ALinkErrorShowsTheSymbolBeforeTheLinkersExitStatus) {
  const std::string log =
      "g++ k_aic.o k_aiv.o runner_main.cpp.o -o runner \n"
      "/usr/bin/ld: k_aiv.o:(.rodata._ZN1BIDhE1PE+0x0): multiple definition of `B<half>::P'; k_aic.o:(.rodata+0x0): "
      "first defined here\n"
      "collect2: error: ld returned 1 exit status\n";
  EXPECT_EQ(FailureSummary(Verdict::CompileError, log),
            "/usr/bin/ld: k_aiv.o:(.rodata._ZN1BIDhE1PE+0x0): multiple definition of `B<half>::P'; "
            "k_aic.o:(.rodata+0x0): first defined here\n  collect2: error: ld returned 1 exit status");
}

TEST(FailureSummaryTest, WithoutAnErrorLineTheFirstLineStands) {
  EXPECT_EQ(FailureSummary(Verdict::SimError, "ub-overflow: TBuf#7 needs bytes up to 196864\nmore"),
            "ub-overflow: TBuf#7 needs bytes up to 196864");
  EXPECT_EQ(FailureSummary(Verdict::CompileError, "op AbsMath: dtype DT_COMPLEX64 has no kernel type"),
            "op AbsMath: dtype DT_COMPLEX64 has no kernel type");
  EXPECT_EQ(FailureSummary(Verdict::Crash, "runner: killed by signal 11\nerror: in stderr"),
            "runner: killed by signal 11");
}

}  // namespace
}  // namespace akgen::bench
