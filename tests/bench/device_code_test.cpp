#include "bench/builder/device_code.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

TEST(DeviceCodeTest, ReadsAnObjectListingAndAnArchiveListing) {
  const ObjectSymbols object = ReadObjectSymbols(
      "_GLOBAL__sub_I_muls.cpp t 0000000000000000 0000000000000021\n"
      "muls T 0000000000000030 0000000000000010\n"
      "_Znwm U\n"
      "__gmon_start__ w\n",
      "op_kernel/muls.cpp");
  EXPECT_TRUE(object.staticInitialiser);
  EXPECT_EQ(object.defined, (std::set<std::string>{"_GLOBAL__sub_I_muls.cpp", "muls"}));
  EXPECT_EQ(object.undefined, (std::set<std::string>{"_Znwm"}));

  const ObjectSymbols archive = ReadObjectSymbols(
      "libakgen_sim.a[launch.cpp.o]:\n_ZN11ascendc_sim2rt8BlockIdxEv T 00 10\n\nlibakgen_sim.a[queue.cpp.o]:\n"
      "_ZN11ascendc_sim2rt9QueueDequeEi T 10 10\n",
      "libakgen_sim.a");
  EXPECT_FALSE(archive.staticInitialiser);
  EXPECT_EQ(archive.defined.size(), 2u) << "the member lines are no symbols";
}

TEST(DeviceCodeTest, TheDeviceApiIsTheSimulatorsRuntimeFunctionsAlone) {
  const std::set<std::string> api = DeviceApiSymbols(
      "libakgen_sim.a[launch.cpp.o]:\n"
      "_ZN11ascendc_sim2rt8BlockIdxEv T 00 10\n"             // rt::BlockIdx(): the device API
      "_ZN11ascendc_sim10LaunchCost7PublishEPKc T 10 10\n"   // the cost model's state: not for kernels
      "_ZNSt6vectorIiSaIiEE17_M_realloc_insertEv W 20 10\n"  // a std instantiation: not for kernels
      "_ZN11ascendc_sim2rt4WeakEv W 30 10\n");               // weak: an inline copy, not the API
  EXPECT_EQ(api, (std::set<std::string>{"_ZN11ascendc_sim2rt8BlockIdxEv"}));
}

TEST(DeviceCodeTest, TheSimulatorTheCompilerAndTheCandidateItselfAreDeviceCode) {
  ObjectSymbols kernel =
      ReadObjectSymbols("helper U\n_ZN11ascendc_sim2rt8BlockIdxEv U\n_Unwind_Resume U\nsqrtf U\n", "op_kernel/a.cpp");
  const ObjectSymbols other = ReadObjectSymbols("helper T 0 4\n", "op_kernel/b.cpp");
  EXPECT_EQ(DeviceCodeErrors({kernel, other}, {"_ZN11ascendc_sim2rt8BlockIdxEv"}), "");
  kernel.undefined.insert("expf");
  EXPECT_EQ(DeviceCodeErrors({kernel, other}, {"_ZN11ascendc_sim2rt8BlockIdxEv"}).find("op_kernel/a.cpp"), 0u);
}

TEST(DeviceCodeTest, EachKindIsNamedOnceWithTheKernelLine) {
  const fs::path source = fs::temp_directory_path() / ("akgen-device-code-" + std::to_string(getpid()) + ".cpp");
  std::ofstream(source) << "#include <vector>\n// std::vector in a comment\nvoid f() {\n  std::vector<int> v(3);\n"
                           "  float e = expf(1.0f);\n}\n";
  const ObjectSymbols object = ReadObjectSymbols("_Znwm U\n_ZdlPvm U\nexpf U\n", source);
  const std::string errors = DeviceCodeErrors({object}, {});
  fs::remove(source);
  EXPECT_NE(errors.find(source.string() + ":4: error: [device-code] the kernel calls `operator delete(void*, unsigned "
                                          "long)`: heap allocation does not exist on an AI core"),
            std::string::npos)
      << errors;
  EXPECT_EQ(errors.find("operator new"), std::string::npos) << "one line per kind: " << errors;
  EXPECT_NE(errors.find(source.string() + ":5: error: [device-code] the kernel calls `expf`: the host's maths library"),
            std::string::npos)
      << errors;
}

TEST(DeviceCodeTest, AStaticInitialiserIsSaidOnceWithoutItsAtexitRegistration) {
  const ObjectSymbols object =
      ReadObjectSymbols("_GLOBAL__sub_I_k.cpp t 0 1\n__cxa_atexit U\n__dso_handle U\n", "op_kernel/k.cpp");
  const std::string errors = DeviceCodeErrors({object}, {});
  EXPECT_EQ(errors,
            "op_kernel/k.cpp: error: [device-code] the file has a static initialiser (a global object with a "
            "constructor, or a global set by a function call); an AI core runs no code before the kernel: make it "
            "constexpr or set it inside the kernel\n");
}

TEST(DeviceCodeTest, TheInstrumentationsCallsAreDeviceCodeButNotTheKernelsToDefine) {
  const ObjectSymbols calls = ReadObjectSymbols(
      "__sanitizer_cov_trace_pc U\n__asan_load4_noabort U\n__asan_storeN_noabort U\n__asan_handle_no_return U\n"
      "memcpy U\n",
      "op_kernel/k.cpp");
  EXPECT_EQ(DeviceCodeErrors({calls}, {}), "");
  for (const std::string symbol :
       {"__sanitizer_cov_trace_pc", "__asan_load8_noabort", "akgen_kernel_memcpy", "memset"}) {
    const ObjectSymbols defines = ReadObjectSymbols(symbol + " T 0 1\n", "op_kernel/k.cpp");
    EXPECT_EQ(DeviceCodeErrors({defines}, {}), "op_kernel/k.cpp: error: [device-code] the kernel defines `" + symbol +
                                                   "`, which the toolchain provides; rename it\n");
  }
}

TEST(DeviceCodeTest, AssemblyAndAttributesThatTurnInstrumentationOffAreNamedWithTheirLine) {
  const std::string preprocessed =
      "# 1 \"op_kernel/k.cpp\"\n"
      "# 1 \"/usr/include/stdio.h\" 1 3 4\n"
      "extern int fscanf (FILE *, const char *, ...) __asm__ (\"\" \"__isoc99_fscanf\");\n"  // a system header's
      "# 3 \"op_kernel/k.cpp\" 2\n"
      "const char* text = \"asm no_sanitize\";\n"                 // in a string: nothing
      "int asmCount = 0;\n"                                       // a longer word: nothing
      "__attribute__((no_sanitize_address)) void f() {}\n"        // line 5
      "[[gnu::no_sanitize(\"coverage\")]] void g() {}\n"          // line 6
      "void h() { __asm__ volatile(\"nop\"); asm(\"nop\"); }\n";  // line 7, said once
  EXPECT_EQ(UninstrumentedCodeErrors(preprocessed),
            "op_kernel/k.cpp:5: error: [device-code] `no_sanitize_address` turns off the instrumentation through "
            "which the simulator charges a kernel's scalar work; remove the attribute\n"
            "op_kernel/k.cpp:6: error: [device-code] `no_sanitize` turns off the instrumentation through which the "
            "simulator charges a kernel's scalar work; remove the attribute\n"
            "op_kernel/k.cpp:7: error: [device-code] `__asm__`: inline assembly is host machine code, which an AI "
            "core cannot run; write it in C++\n");
  EXPECT_EQ(UninstrumentedCodeErrors("# 1 \"op_kernel/k.cpp\"\nint main() { return 0; }\n"), "");
}

}  // namespace
}  // namespace akgen::bench
