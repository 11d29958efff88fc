// The core types of a kernel are read from what g++ compiled for each core type: real kernels,
// compiled with the harness's toolchain for the cube core and for the vector cores, listed by nm.
#include "bench/builder/kernel_core_types.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "bench/builder/toolchain.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

class KernelCoreTypesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() / ("akgen-core-types-" + std::to_string(getpid()));
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  // `body` inside a kernel entry, compiled for the cube core (`cube`) or the vector cores.
  ObjectSymbols Compiled(const std::string& body, bool cube) {
    const fs::path source = directory_ / "kernel.cpp";
    const fs::path object = directory_ / (cube ? "kernel_aic.o" : "kernel_aiv.o");
    std::ofstream(source) << "#include \"kernel_operator.h\"\nusing namespace AscendC;\n"
                             "extern \"C\" __global__ __aicore__ void kernel(GM_ADDR x) {\n"
                          << body << "\n}\n";
    std::string command = HarnessToolchain().compiler;
    for (const std::string& flag : HarnessToolchain().compileFlags) command += " '" + flag + "'";
    command += std::string(cube ? " -D__DAV_C220_CUBE__" : " -D__DAV_C220_VEC__") + " -fno-gnu-unique -c '" +
               source.string() + "' -o '" + object.string() + "' 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::string listing;
    if (FILE* nm = popen(("nm --format=posix '" + object.string() + "'").c_str(), "r")) {
      char buffer[4096];
      for (size_t read; (read = fread(buffer, 1, sizeof buffer, nm)) > 0;) listing.append(buffer, read);
      pclose(nm);
    }
    return ReadObjectSymbols(listing, source);
  }

  std::vector<std::vector<ObjectSymbols>> BothBuilds(const std::string& body) {
    return {{Compiled(body, true)}, {Compiled(body, false)}};
  }

  fs::path directory_;
};

const char* const kVectorWork =
    "  TPipe pipe;\n  TBuf<TPosition::VECCALC> buf;\n  pipe.InitBuffer(buf, 256);\n"
    "  LocalTensor<float> t = buf.Get<float>();\n  Adds(t, t, 1.0f, 64);\n";

TEST_F(KernelCoreTypesTest, GuardedVectorKernelsHaveNoCubeWork) {
  for (const std::string guard : {"if (g_coreType == AIV) {", "if ASCEND_IS_AIV {", "if (g_coreType != AIC) {"}) {
    SCOPED_TRACE(guard);
    const auto builds = BothBuilds(guard + "\n" + kVectorWork + "  SyncAll<true>();\n}");
    EXPECT_FALSE(HasCubeWork(builds[0]));
    EXPECT_FALSE(HasCubeWork(builds[1]));
    EXPECT_FALSE(NeedsCubeCores(builds));
  }
}

TEST_F(KernelCoreTypesTest, ACubeCallThatReachesTheCubeBuildIsCubeWork) {
  const std::string mmad =
      "  TPipe pipe;\n  TBuf<TPosition::A2> a;\n  TBuf<TPosition::B2> b;\n  TBuf<TPosition::CO1> c;\n"
      "  pipe.InitBuffer(a, 512);\n  pipe.InitBuffer(b, 512);\n  pipe.InitBuffer(c, 1024);\n"
      "  Mmad(c.Get<float>(), a.Get<half>(), b.Get<half>(), MmadParams(16, 16, 16, 0, false, true));\n";
  const auto guarded = BothBuilds("if ASCEND_IS_AIC {\n" + mmad + "  return;\n}\n" + kVectorWork);
  EXPECT_TRUE(HasCubeWork(guarded[0]));
  EXPECT_FALSE(HasCubeWork(guarded[1])) << "the vector build drops the constant-false branch";
  EXPECT_TRUE(NeedsCubeCores(guarded));
  // In a branch the preprocessor drops, the same call is no work of either build.
  EXPECT_FALSE(NeedsCubeCores(BothBuilds("#if 0\n" + mmad + "#endif\n" + kVectorWork)));
}

TEST_F(KernelCoreTypesTest, DeclaredKernelTypesAreReadFromTheObjects) {
  const auto builds = BothBuilds(
      "  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);\n  KERNEL_TASK_TYPE(2, KERNEL_TYPE_AIV_ONLY);\n"
      "  // KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);\n"
      "if ASCEND_IS_AIV {\n" +
      std::string(kVectorWork) + "}");
  EXPECT_EQ(DeclaredKernelTypes(builds[0]), (std::set<unsigned>{0, 4}));  // AIV_ONLY, MIX_AIC_1_1
  EXPECT_EQ(DeclaredKernelTypes(builds[1]), DeclaredKernelTypes(builds[0]));
  EXPECT_TRUE(NeedsCubeCores(builds)) << "MIX_AIC_1_1 starts a cube core per block";

  // Types that start no cube core, and the Atlas inference series' types that an A2 ignores.
  for (const std::string type : {"KERNEL_TYPE_AIV_ONLY", "KERNEL_TYPE_MIX_AIV_1_0", "KERNEL_TYPE_MIX_AIC_1_2",
                                 "KERNEL_TYPE_AICORE", "KERNEL_TYPE_VECTORCORE", "KERNEL_TYPE_MIX_AICORE",
                                 "KERNEL_TYPE_MIX_VECTOR_CORE"}) {
    SCOPED_TRACE(type);
    EXPECT_FALSE(NeedsCubeCores(BothBuilds("  KERNEL_TASK_TYPE_DEFAULT(" + type + ");\n" + kVectorWork)));
  }
  for (const std::string type : {"KERNEL_TYPE_AIC_ONLY", "KERNEL_TYPE_MIX_AIC_1_0"}) {
    SCOPED_TRACE(type);
    EXPECT_TRUE(NeedsCubeCores(BothBuilds("  KERNEL_TASK_TYPE_DEFAULT(" + type + ");\n" + kVectorWork)));
  }
}

}  // namespace
}  // namespace akgen::bench
