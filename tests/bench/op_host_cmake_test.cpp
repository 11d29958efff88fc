// Reading an op's CMakeLists.txt (cann-ops layout) into the op_host sources the builder compiles,
// and the symbols separate CANN libraries may both define. The builds themselves are in
// builder_test.cpp.
#include "bench/builder/op_host_cmake.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "bench/builder/cmake_commands.h"
#include "bench/builder/library_symbols.h"
#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

const fs::path kScaledAdd = fs::path(AKGEN_TEST_DATA_DIR) / "op_host_cmake/ScaledAdd";

TEST(CmakeCommands, ReadsNamesArgumentsAndLines) {
  const CmakeCommands script = ReadCmakeCommands(
      "# a comment\n"
      "Target_Sources(optiling PRIVATE  # the tiling\n"
      "    op_host/a.cpp \"op_host/b c.cpp\")\n"
      "// a note where CMake wants #\n"
      "if((A) OR B)\n");
  EXPECT_EQ(script.problem, "");
  ASSERT_EQ(script.commands.size(), 2u);
  EXPECT_EQ(script.commands[0].name, "target_sources");
  EXPECT_EQ(script.commands[0].arguments, (std::vector<std::string>{"optiling", "PRIVATE", "op_host/a.cpp", "op_host/b c.cpp"}));
  EXPECT_EQ(script.commands[0].line, 2);
  EXPECT_EQ(script.commands[1].arguments, (std::vector<std::string>{"(", "A", ")", "OR", "B"}));
  EXPECT_EQ(script.commands[1].line, 5);
}

TEST(CmakeCommands, WhatItDoesNotReadIsAProblemWithItsLine) {
  EXPECT_EQ(ReadCmakeCommands("set(a 1)\n\"op_host/a.cpp\"\n").problem, "line 2: `\"op_host/a.cpp\"` is not a CMake command");
  EXPECT_EQ(ReadCmakeCommands("set(a 1)\nop_host/a.cpp\n").problem, "line 2: `op_host` is not followed by `(`");
  EXPECT_EQ(ReadCmakeCommands("set\n(a)").problem, "line 1: `set` is not followed by `(`");
  EXPECT_EQ(ReadCmakeCommands("set(a\n  b").problem, "line 2: the file ends inside a command's arguments");
  EXPECT_EQ(ReadCmakeCommands("set(a \"b)\n").problem, "line 2: the file ends inside a quoted argument");
  EXPECT_EQ(ReadCmakeCommands("set(a b\\;c)").problem, "line 1: an escape sequence, which is not read");
  EXPECT_EQ(ReadCmakeCommands("set(a [[b]])").problem, "line 1: a bracket argument [[...]], which is not read");
  EXPECT_EQ(ReadCmakeCommands("#[[ target_sources(\n]]").problem, "line 1: a bracket comment #[[...]], which is not read");
  const CmakeCommands partial = ReadCmakeCommands("set(a 1)\n)\n");
  EXPECT_EQ(partial.commands.size(), 1u);
  EXPECT_NE(partial.problem, "");
}

TEST(OpHostCmake, TakesTheSourcesOfTheTilingProtoAndDefinitionTargetsOnce) {
  const HostSourcePlan plan = ReadOpHostCmake(kScaledAdd, FilesBelow(kScaledAdd / "op_host"), "ScaledAdd", "scaled_add");
  EXPECT_EQ(plan.note, "");
  EXPECT_EQ(plan.cmakeFile, kScaledAdd / "CMakeLists.txt");
  ASSERT_EQ(plan.libraries.size(), 2u);  // op_host_aclnn's only source is already opsproto's
  EXPECT_EQ(plan.libraries[0].target, "optiling");
  EXPECT_EQ(plan.libraries[0].sources, std::vector<fs::path>{kScaledAdd / "op_host/scaled_add_tiling.cpp"});
  EXPECT_EQ(plan.libraries[1].target, "opsproto");
  EXPECT_EQ(plan.libraries[1].sources, std::vector<fs::path>{kScaledAdd / "op_host/scaled_add_def.cpp"});
  // SomeOtherOp's options are not this op's.
  EXPECT_EQ(plan.kernelCompileOptions, (std::vector<std::string>{"--cce-auto-sync=off", "-Werror"}));
}

class OpHostCmakeFallbackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/akgen-op-host-cmake-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    directory_ = pattern;
    fs::create_directories(directory_ / "op_host");
    for (const char* file : {"op_host/tiling.cpp", "op_host/def.cpp", "op_host/tiling.h", "op_host/proto.cc"})
      std::ofstream(directory_ / file) << "\n";
  }
  void TearDown() override { fs::remove_all(directory_); }

  HostSourcePlan Read(const std::string& cmakeLists) {
    std::ofstream(directory_ / kOpCmakeFile) << cmakeLists;
    return ReadOpHostCmake(directory_, FilesBelow(directory_ / "op_host"), "ScaledAdd", "scaled_add");
  }

  // Every .cpp below op_host/, as without a CMakeLists.txt.
  void ExpectWholeFolder(const HostSourcePlan& plan) {
    ASSERT_EQ(plan.libraries.size(), 1u);
    EXPECT_EQ(plan.libraries[0].target, "op_host");
    EXPECT_EQ(plan.libraries[0].sources,
              (std::vector<fs::path>{directory_ / "op_host/def.cpp", directory_ / "op_host/tiling.cpp"}));
    EXPECT_EQ(plan.kernelCompileOptions, std::vector<std::string>());
  }

  fs::path directory_;
};

TEST_F(OpHostCmakeFallbackTest, WithoutCmakeListsEveryCppIsOneLibrary) {
  const HostSourcePlan plan = ReadOpHostCmake(directory_, FilesBelow(directory_ / "op_host"), "ScaledAdd", "scaled_add");
  ExpectWholeFolder(plan);
  EXPECT_EQ(plan.note, "");
  EXPECT_FALSE(plan.cmakeFile);
}

TEST_F(OpHostCmakeFallbackTest, CompilesTheCcSourcesItNames) {
  const HostSourcePlan plan = Read("target_sources(optiling PRIVATE op_host/tiling.cpp op_host/proto.cc)\n");
  ASSERT_EQ(plan.libraries.size(), 1u);
  EXPECT_EQ(plan.libraries[0].sources,
            (std::vector<fs::path>{directory_ / "op_host/tiling.cpp", directory_ / "op_host/proto.cc"}));
}

TEST_F(OpHostCmakeFallbackTest, WhatItDoesNotUnderstandFallsBackToEveryCppWithANote) {
  const std::string where = (directory_ / kOpCmakeFile).string() + ": ";
  const std::string fallback = "; built every op_host/*.cpp instead\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"file(GLOB sources op_host/*.cpp)\ntarget_sources(optiling PRIVATE ${sources})\n",
       "line 1: file(...) is not read"},
      {"target_sources(optiling PRIVATE op_host/tiling.cpp)\ntarget_sources(cust_optiling PRIVATE op_host/def.cpp)\n",
       "line 2: target_sources(cust_optiling ...): a target this reader does not know"},
      {"target_sources(optiling PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/op_host/tiling.cpp)\n",
       "line 1: ${CMAKE_CURRENT_SOURCE_DIR}/op_host/tiling.cpp is not a file below op_host/"},
      {"target_sources(optiling PRIVATE op_host/custom_op_tiling.cpp)\n",
       "line 1: op_host/scaled_add_tiling.cpp is not a file below op_host/"},  // custom_op is the kernel's name
      {"target_sources(optiling PRIVATE op_host/tiling.txt)\n", "line 1: op_host/tiling.txt is neither a C++ source nor a header"},
      {"target_sources(optiling PRIVATE op_host/tiling.h)\ntarget_sources(opapi PRIVATE op_host/def.cpp)\n",
       "no source for optiling, opsproto, op_host_aclnn or op_host_aclnnInner"},
      {"add_ops_compile_options(CustomOp --cce-auto-sync=on)\n", "line 1: add_ops_compile_options() without OP_NAME or OPTIONS"},
      {"if(A)\ntarget_sources(optiling PRIVATE op_host/tiling.cpp)\nendif()\n", "line 1: if(...) is not read"},
      {"target_sources(optiling PRIVATE op_host/tiling.cpp\n", "line 2: the file ends inside a command's arguments"},
  };
  for (const auto& [cmakeLists, problem] : cases) {
    const HostSourcePlan plan = Read(cmakeLists);
    ExpectWholeFolder(plan);
    EXPECT_EQ(plan.note, where + problem + fallback) << cmakeLists;
    EXPECT_EQ(plan.cmakeFile, directory_ / kOpCmakeFile);
  }
}

TEST(LibrarySymbols, OnlyStrongDefinitionsOfSeveralLibrariesClash) {
  const std::string listing =
      "_ZN8optiling6GetModEll T 0 1d\n"
      "global_table D 10 4\n"
      "_ZN8optiling6InlineEv W 20 6\n"
      "_ZZN8optiling5CountEvE5calls u 0 4\n"
      "read_only R 30 8\n";
  EXPECT_EQ(StrongDefinitions(listing), (std::vector<std::string>{"_ZN8optiling6GetModEll", "global_table", "read_only"}));
  EXPECT_EQ(DefinedInSeveral({{"a", "b", "b"}, {"b", "c"}, {"c"}, {"d"}}), (std::vector<std::string>{"b", "c"}));
}

}  // namespace
}  // namespace akgen::bench
