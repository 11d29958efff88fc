// The builder with the real compiler: kernel entry parsing, the content-hash cache (also under
// concurrent builds of one candidate), compile errors and the op_host sources an op's CMakeLists.txt
// names, on our ScaledAdd test task's candidates.
#include "bench/builder/candidate_build.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sys/stat.h>

#include <fstream>
#include <iterator>

#include "bench/builder/npu_syntax.h"
#include "bench/builder/describe_op.h"
#include "bench/builder/kernel_entry.h"
#include "bench/builder/parallel_map.h"
#include "bench/builder/toolchain.h"
#include "bench/common/content_hash.h"
#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(AKGEN_TEST_DATA_DIR) / "runner_tasks";
// ScaledAdd in cann-ops layout, with a CMakeLists.txt as NPUKernelBench answers have.
const fs::path kCannOpsScaledAdd = fs::path(AKGEN_TEST_DATA_DIR) / "op_host_cmake/ScaledAdd";

TEST(KernelEntry, CountsTheEntryParameters) {
  EXPECT_EQ(EntryParameterCount("extern \"C\" __global__ __aicore__ void add(GM_ADDR x, GM_ADDR y, GM_ADDR z) {}", "add"), 3);
  EXPECT_EQ(EntryParameterCount("extern \"C\" __global__ __aicore__ void\nadd (\n  GM_ADDR x,\n  GM_ADDR w /* , */)", "add"), 2);
  EXPECT_EQ(EntryParameterCount("extern \"C\" void add(void) {}", "add"), 0);
  EXPECT_EQ(EntryParameterCount("extern \"C\" void add(Pair<int, int> p, GM_ADDR x)", "add"), 2);
  EXPECT_EQ(EntryParameterCount("// extern \"C\" __global__ __aicore__ void add(GM_ADDR x)\n", "add"), -1);
  EXPECT_EQ(EntryParameterCount("extern \"C\" __global__ __aicore__ void add_v2(GM_ADDR x)", "add"), -1);
}

TEST(KernelEntry, MissingEntryIsAParseProblemNamingTheFix) {
  const KernelEntry entry = FindKernelEntry({kData / "samples/level1/Math/ScaledAdd/sample0/op_kernel/scaled_add.cpp"}, "sqrt");
  EXPECT_NE(entry.problem.find("void sqrt(GM_ADDR ...)"), std::string::npos) << entry.problem;
  const KernelEntry found = FindKernelEntry({kData / "samples/level1/Math/ScaledAdd/sample0/op_kernel/scaled_add.cpp"}, "scaled_add");
  EXPECT_EQ(found.problem, "");
  EXPECT_EQ(found.parameterCount, 5);
}

TEST(NpuSyntax, BlanksTheAicoreAttributeKeepingColumns) {
  const std::string source =
      "__forceinline__ [aicore] constexpr int One() { return 1; }  // [aicore] in a comment stays\n"
      "#define CATLASS_HOST_DEVICE __forceinline__ [host, aicore]\n"
      "const char* text = \"[aicore]\";\n";
  const std::optional<std::string> rewritten = RewriteNpuSyntax(source, "op_kernel/mm.cpp");
  ASSERT_TRUE(rewritten);
  EXPECT_EQ(*rewritten,
            "#line 1 \"op_kernel/mm.cpp\"\n"
            "__forceinline__          constexpr int One() { return 1; }  // [aicore] in a comment stays\n"
            "#define CATLASS_HOST_DEVICE __forceinline__               \n"
            "const char* text = \"[aicore]\";\n");
}

TEST(NpuSyntax, MemberSpecializationsBecomeConstrainedOverloads) {
  const std::string source =
      "template <class BlockMmad_, class Epilogue_>\n"
      "class Kernel {\n"
      "public:\n"
      "    struct Params { int m; };\n"
      "    template <int32_t CORE_TYPE = g_coreType>\n"
      "    __forceinline__ [aicore]\n"
      "    void operator()(Params const &params);\n"
      "    // template <> in a comment\n"
      "    template <>\n"
      "    __forceinline__ [aicore]\n"
      "    void operator()<AscendC::AIC>(Params const &params) { Run(params); }\n"
      "    template <class T, int N> void Copy(T value);\n"
      "    template <> void Copy<half,\n 4>(half value) {}\n"
      "    template<class T>\n"
      "    struct LayoutHelper { using type = typename T::LayoutIn; };\n"
      "    template<>\n"
      "    struct LayoutHelper<void> { using type = void; };\n"
      "};\n"
      "template <> struct Flag<0, AscendC::AIV> { static constexpr int ID = 8; };\n";
  const std::optional<std::string> rewritten = RewriteNpuSyntax(source, "k.cpp");
  ASSERT_TRUE(rewritten);
  EXPECT_EQ(*rewritten,
            "#line 1 \"k.cpp\"\n"
            "template <class BlockMmad_, class Epilogue_>\n"
            "class Kernel {\n"
            "public:\n"
            "    struct Params { int m; };\n"
            "    template <int32_t CORE_TYPE = g_coreType>\n"
            "    __forceinline__         \n"
            "    void operator()(Params const &params);\n"
            "    // template <> in a comment\n"
            "    template <int32_t CORE_TYPE = g_coreType> requires ((CORE_TYPE) == (AscendC::AIC))\n"
            "    __forceinline__         \n"
            "    void operator()              (Params const &params) { Run(params); }\n"
            "    template <class T, int N> void Copy(T value);\n"
            "    template <class T, int N> requires (__is_same(T, half) && (N) == (4)) void Copy      \n"
            "   (half value) {}\n"
            "    template<class T, class AkgenSpecialization_ = void>\n"
            "    struct LayoutHelper { using type = typename T::LayoutIn; };\n"
            "    template <class AkgenSpecialization_>\n"
            "    struct LayoutHelper<void, AkgenSpecialization_> { using type = void; };\n"
            "};\n"
            "template <> struct Flag<0, AscendC::AIV> { static constexpr int ID = 8; };\n");
}

TEST(NpuSyntax, ClassesWithOnlyDefaultedConstructorsStayAggregates) {
  const std::string source =
      "struct WaitFunc {\n"
      "    CATLASS_DEVICE\n"
      "    WaitFunc() = default;\n"
      "    void operator()() const { Wait(ptr->flag); }\n"
      "    Kernel *ptr{nullptr};\n"
      "};\n"
      "struct Tile {\n"
      "    Tile() = default;\n"
      "    explicit Tile(int rows) : rows(rows) {}\n"
      "    int rows = 0;\n"
      "};\n"
      "void Use() { WaitFunc funcs[2]; funcs[0] = {nullptr}; }\n";
  const std::optional<std::string> rewritten = RewriteNpuSyntax(source, "k.cpp");
  ASSERT_TRUE(rewritten);
  EXPECT_EQ(*rewritten,
            "#line 1 \"k.cpp\"\n"
            "struct WaitFunc {\n"
            "                  \n"
            "                         \n"
            "    void operator()() const { Wait(ptr->flag); }\n"
            "    Kernel *ptr{nullptr};\n"
            "};\n"
            "struct Tile {\n"
            "    Tile() = default;\n"
            "    explicit Tile(int rows) : rows(rows) {}\n"
            "    int rows = 0;\n"
            "};\n"
            "void Use() { WaitFunc funcs[2]; funcs[0] = {nullptr}; }\n");
}

TEST(NpuSyntax, CubeWordsAreFoundOnlyOutsideCommentsAndLiterals) {
  EXPECT_TRUE(MayUseCubeCore("void f() { AscendC::Mmad(c, a, b, params); }"));
  EXPECT_TRUE(MayUseCubeCore("KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);"));
  EXPECT_TRUE(MayUseCubeCore("REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);"));
  EXPECT_FALSE(MayUseCubeCore("// Mmad and LoadData would come here\nAdd(z, x, y, n);"));
  EXPECT_FALSE(MayUseCubeCore("const char* name = \"Fixpipe\"; int MmadCount = 0; KERNEL_TYPE_MIX_AIC_1_2;"));
}

// Guards that choose a core type are in every careful vector kernel: they never ask for a cube build.
TEST(NpuSyntax, CoreTypeGuardsAreNoCubeWork) {
  EXPECT_FALSE(MayUseCubeCore("template <int T = g_coreType> void f();"));
  EXPECT_FALSE(MayUseCubeCore("if ASCEND_IS_AIV { return; }\nif ASCEND_IS_AIC { return; }"));
  EXPECT_FALSE(MayUseCubeCore("#if defined(__DAV_C220_CUBE__)\n#endif\n#ifdef __DAV_C220_VEC__\n#endif\n"));
  EXPECT_FALSE(MayUseCubeCore("if (g_coreType == AIC) { return; } KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_VECTOR_CORE);"));
}

TEST(ChevronRewrite, TurnsEachLaunchIntoALauncherCallOnTheSameLines) {
  const std::string source =
      "// add<<<1, nullptr, nullptr>>>(x) in a comment stays\n"
      "void add_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x) {\n"
      "  add<<<blockDim, l2ctrl,\n        stream>>>(x);\n"
      "  const char* text = \"a<<<b>>>\";\n"
      "}\n";
  const std::optional<std::string> rewritten = RewriteNpuSyntax(source, "op_kernel/add.cpp");
  ASSERT_TRUE(rewritten);
  EXPECT_EQ(*rewritten,
            "#include \"ascendc_sim/chevron_launch.h\"\n#line 1 \"op_kernel/add.cpp\"\n"
            "// add<<<1, nullptr, nullptr>>>(x) in a comment stays\n"
            "void add_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x) {\n"
            "  ::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(add), \"add\", blockDim, l2ctrl,\n        stream)(x);\n"
            "  const char* text = \"a<<<b>>>\";\n"
            "}\n");
  EXPECT_FALSE(RewriteNpuSyntax("int a = b << 3; // x<<<1,2,3>>>()\n", "k.cpp"));
}

// Direct-launch files launch instantiations of their kernel templates.
TEST(ChevronRewrite, KeepsAKernelTemplatesArgumentsInTheCallee) {
  const std::optional<std::string> rewritten =
      RewriteNpuSyntax("  add_kernel<float, 4> <<<n, nullptr, s>>>(x);\n  if (a < b) f<<<1, 2, 3>>>(y);\n", "k.cpp");
  ASSERT_TRUE(rewritten);
  EXPECT_NE(rewritten->find("ChevronLaunch(AKGEN_KERNEL_CALLER(add_kernel<float, 4>) , \"add_kernel<float, 4>\", n, "
                            "nullptr, s)(x);"),
            std::string::npos)
      << *rewritten;
  EXPECT_NE(rewritten->find("if (a < b) ::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(f), \"f\", 1, 2, 3)(y);"),
            std::string::npos)
      << *rewritten;
}

// Kernels compile against the simulator's headers, so every one of them is part of a build's key.
TEST(Toolchain, BuildKeysCoverEverySimulatorHeader) {
  const std::vector<fs::path>& headers = HarnessToolchain().simulatorHeaders;
  for (const char* header : {"kernel_operator.h", "ascendc_sim/adv_math/elementwise.h", "lib/math/kernel_operator_sin_intf.h"})
    EXPECT_NE(std::find(headers.begin(), headers.end(), fs::path(AKGEN_SOURCE_DIR) / "sim/include" / header), headers.end()) << header;
}

TEST(ParallelMap, KeepsItemOrderAndRethrows) {
  const std::vector<int> items = {1, 2, 3, 4, 5, 6, 7};
  EXPECT_EQ(ParallelMap(items, 3, [](int i) { return i * i; }), (std::vector<int>{1, 4, 9, 16, 25, 36, 49}));
  EXPECT_THROW(ParallelMap(items, 2, [](int i) { return i == 5 ? throw std::runtime_error("five") : i; }), std::runtime_error);
}

class CandidateBuildTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/akgen-builder-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    chmod(pattern, 0755);  // the compiler runs as the sandbox user, which must reach its staging folders
    cacheDir_ = pattern;
    task_.level = 1;
    task_.category = "Math";
    task_.folderName = task_.opName = "ScaledAdd";
    task_.kernelName = "scaled_add";
    task_.directory = kData / "level1/Math/ScaledAdd";
    task_.files.questionHost = task_.directory / "question/op_host/scaled_add.cpp";
    candidates_ = SampleCandidates(kData / "samples", task_);
    ASSERT_GE(candidates_.size(), 4u);
  }
  void TearDown() override { fs::remove_all(cacheDir_); }

  static Candidate FullCandidate(const fs::path& directory) {
    Candidate candidate;
    candidate.directory = directory;
    candidate.templateMode = TemplateMode::Full;
    candidate.hostFiles = FilesBelow(directory / "op_host");
    candidate.kernelFiles = FilesBelow(directory / "op_kernel");
    return candidate;
  }

  // The cann-ops ScaledAdd copied to `name` with `cmakeLists` as its CMakeLists.txt (none when empty).
  Candidate CannOpsCopy(const std::string& name, const std::string& cmakeLists) {
    const fs::path directory = cacheDir_ / name;
    fs::copy(kCannOpsScaledAdd, directory, fs::copy_options::recursive);
    fs::remove(directory / "CMakeLists.txt");
    if (!cmakeLists.empty()) std::ofstream(directory / "CMakeLists.txt") << cmakeLists;
    return FullCandidate(directory);
  }

  fs::path cacheDir_;
  Task task_;
  std::vector<Candidate> candidates_;
};

TEST_F(CandidateBuildTest, ConcurrentBuildsOfOneCandidatePublishOneCacheEntry) {
  const std::vector<int> attempts = {0, 1};
  const std::vector<HostBuild> builds =
      ParallelMap(attempts, 2, [&](int) { return BuildHost(cacheDir_, task_, candidates_[0]); });
  for (const HostBuild& build : builds) {
    ASSERT_TRUE(build.ok) << build.log;
    EXPECT_EQ(build.program, builds[0].program);
    EXPECT_TRUE(fs::exists(build.program));
  }
  // One job builds it; the other waits for that build instead of compiling the same sources too.
  EXPECT_NE(builds[0].cacheHit, builds[1].cacheHit);
  size_t entries = 0;
  for (const auto& entry : fs::directory_iterator(cacheDir_)) entries += entry.path().filename().string().rfind("host-", 0) == 0;
  EXPECT_EQ(entries, 1u);  // the losers' staging folders are gone too: beside the entry only the cache's lock file
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(cacheDir_)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0], ".lock");

  const HostBuild again = BuildHost(cacheDir_, task_, candidates_[0]);
  EXPECT_TRUE(again.cacheHit);
  // A kernel-only candidate uses the task's op_host: all kernel-only samples share one host build.
  EXPECT_EQ(BuildHost(cacheDir_, task_, candidates_[1]).key, again.key);
  EXPECT_NE(BuildHost(cacheDir_, task_, candidates_[3]).key, again.key);  // sample3 brings its own op_host
}

TEST_F(CandidateBuildTest, KernelCompileErrorIsCachedWithItsLog) {
  const HostBuild host = BuildHost(cacheDir_, task_, candidates_[1]);
  ASSERT_TRUE(host.ok) << host.log;
  const RunnerBuild first = BuildRunner(cacheDir_, host, task_, candidates_[1], "#pragma once\n");
  EXPECT_FALSE(first.ok);
  EXPECT_NE(first.log.find("scaled_add.cpp:5:"), std::string::npos) << first.log;
  const RunnerBuild second = BuildRunner(cacheDir_, host, task_, candidates_[1], "#pragma once\n");
  EXPECT_TRUE(second.cacheHit);
  EXPECT_EQ(second.log, first.log);
  // Another prelude (other dtypes) is another build.
  EXPECT_FALSE(BuildRunner(cacheDir_, host, task_, candidates_[1], "#pragma once\n#define DTYPE_X half\n").cacheHit);
}

// NPU-mode kernel files launch their kernel from a host wrapper with chevrons (the harness leaves
// ASCENDC_CPU_DEBUG undefined): the wrapper compiles, and a compile error still names the
// original file and line.
TEST_F(CandidateBuildTest, ChevronLaunchWrapperCompilesAndErrorsNameTheOriginalLine) {
  const HostBuild host = BuildHost(cacheDir_, task_, candidates_[0]);
  ASSERT_TRUE(host.ok) << host.log;
  const std::string kernel =
      "#include \"kernel_operator.h\"\n"
      "extern \"C\" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR w, GM_ADDR t) {}\n"
      "#ifndef ASCENDC_CPU_DEBUG\n"
      "void scaled_add_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x, uint8_t* y, uint8_t* z,\n"
      "                   uint8_t* workspace, uint8_t* tiling) {\n"
      "  scaled_add<<<blockDim, l2ctrl, stream>>>(x, y, z, workspace, tiling);\n"
      "}\n"
      "#endif\n";
  Candidate candidate = candidates_[0];
  candidate.directory = cacheDir_ / "chevron";
  candidate.kernelFiles = {candidate.directory / "op_kernel/scaled_add.cpp"};
  fs::create_directories(candidate.directory / "op_kernel");
  std::ofstream(candidate.kernelFiles[0]) << kernel;
  const RunnerBuild built = BuildRunner(cacheDir_, host, task_, candidate, "#pragma once\n");
  EXPECT_TRUE(built.ok) << built.log;

  std::ofstream(candidate.kernelFiles[0]) << kernel + "undeclared_name;\n";
  const RunnerBuild broken = BuildRunner(cacheDir_, host, task_, candidate, "#pragma once\n");
  EXPECT_FALSE(broken.ok);
  EXPECT_NE(broken.log.find(candidate.kernelFiles[0].string() + ":9:"), std::string::npos) << broken.log;

  // A full disk stops the evaluation as the machine's fault; a kernel that only says so does not.
  std::ofstream(candidate.kernelFiles[0]) << kernel + "#error No space left on device\n";
  const RunnerBuild claims = BuildRunner(cacheDir_, host, task_, candidate, "#pragma once\n");
  EXPECT_FALSE(claims.ok);
  EXPECT_NE(claims.log.find("No space left on device"), std::string::npos) << claims.log;
}

TEST_F(CandidateBuildTest, TheCompilerSeesNoFileOutsideTheCandidateAndTheSimulator) {
  // A world-readable file the harness can read, standing in for golden outputs: a kernel that
  // includes it by absolute path must not compile, since the compiler runs in the sandbox.
  const fs::path secret = cacheDir_ / "golden" / "output0.h";
  fs::create_directories(secret.parent_path());
  std::ofstream(secret) << "constexpr float kGolden[] = {1.0f, 2.0f};\n";
  fs::permissions(secret, fs::perms::others_read, fs::perm_options::add);
  const HostBuild host = BuildHost(cacheDir_, task_, candidates_[0]);
  ASSERT_TRUE(host.ok) << host.log;
  Candidate candidate = candidates_[0];
  candidate.directory = cacheDir_ / "peeking";
  candidate.kernelFiles = {candidate.directory / "op_kernel/scaled_add.cpp"};
  fs::create_directories(candidate.directory / "op_kernel");
  std::ofstream(candidate.kernelFiles[0])
      << "#include \"kernel_operator.h\"\n#include \"" << secret.string() << "\"\n"
      << "extern \"C\" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR w, GM_ADDR t) {}\n";
  const RunnerBuild built = BuildRunner(cacheDir_, host, task_, candidate, "#pragma once\n");
  EXPECT_FALSE(built.ok);
  EXPECT_NE(built.log.find("output0.h: No such file or directory"), std::string::npos) << built.log;
}

// The CMakeLists.txt leaves out the aclnn sources (which need CANN's headers), and the tiling and
// the op definition, separate libraries in CANN, each define the function their common header does.
TEST_F(CandidateBuildTest, BuildsTheSourcesTheOpsCmakeListsNamesEachLibraryApart) {
  const Candidate candidate = FullCandidate(kCannOpsScaledAdd);
  const HostBuild host = BuildHost(cacheDir_, task_, candidate);
  ASSERT_TRUE(host.ok) << host.log;
  EXPECT_EQ(host.kernelCompileOptions, (std::vector<std::string>{"--cce-auto-sync=off", "-Werror"}));
  EXPECT_EQ(host.objects, (std::vector<fs::path>{host.directory / "optiling.o", host.directory / "opsproto.o"}));
  EXPECT_NE(host.log.find("made local to each"), std::string::npos) << host.log;
  EXPECT_NE(host.log.find("_ZN8optiling10BlockCountEj"), std::string::npos) << host.log;

  // Both libraries reach the program: the op definition and the tiling data registered by the tiling.
  SandboxPolicy policy;
  policy.workDirectory = cacheDir_ / "describe";
  fs::create_directories(policy.workDirectory);
  const DescribeRun described = DescribeInSandbox(host, policy, "ScaledAdd", {"DT_FLOAT", "DT_FLOAT"}, {"DT_FLOAT"});
  ASSERT_EQ(described.sandbox.verdict, SandboxVerdict::Ok) << described.sandbox.detail << described.stderrText;
  ASSERT_TRUE(described.result.op) << described.result.error;
  EXPECT_NE(described.result.prelude.find("ScaledAddTilingData"), std::string::npos) << described.result.prelude;
  const RunnerBuild runner = BuildRunner(cacheDir_, host, task_, candidate, described.result.prelude);
  EXPECT_TRUE(runner.ok) << runner.log;

  // The tiling's program holds the op_host code; the launch's holds none (its static initialisers
  // could read the inputs or rewrite the launch's result).
  auto holds = [](const fs::path& program, const std::string& symbol) {
    std::ifstream in(program, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return bytes.find(symbol) != std::string::npos;
  };
  EXPECT_TRUE(holds(runner.program, "_ZN8optiling10BlockCountEj"));
  ASSERT_TRUE(fs::exists(runner.launchProgram));
  EXPECT_FALSE(holds(runner.launchProgram, "_ZN8optiling10BlockCountEj"));
}

TEST_F(CandidateBuildTest, WithoutCmakeListsEveryOpHostSourceIsCompiled) {
  const HostBuild host = BuildHost(cacheDir_, task_, CannOpsCopy("no-cmake", ""));
  EXPECT_FALSE(host.ok);
  EXPECT_NE(host.log.find("aclnn/aclnn_base.h: No such file or directory"), std::string::npos) << host.log;
  EXPECT_EQ(host.kernelCompileOptions, std::vector<std::string>());
}

TEST_F(CandidateBuildTest, ACmakeListsItCannotReadBuildsEveryOpHostSourceAndSaysSo) {
  const Candidate candidate =
      CannOpsCopy("glob", "file(GLOB sources op_host/*_tiling.cpp)\ntarget_sources(optiling PRIVATE ${sources})\n");
  const HostBuild host = BuildHost(cacheDir_, task_, candidate);
  EXPECT_FALSE(host.ok);
  EXPECT_EQ(host.log.rfind((candidate.directory / "CMakeLists.txt").string() +
                               ": line 1: file(...) is not read; built every op_host/*.cpp instead\n",
                           0),
            0u)
      << host.log;
  EXPECT_NE(host.log.find("aclnn/aclnn_base.h: No such file or directory"), std::string::npos) << host.log;
}

// Within one library a symbol defined twice is an error, as CANN's link of that library reports.
TEST_F(CandidateBuildTest, ASymbolDefinedTwiceInOneLibraryIsACompileError) {
  const HostBuild host = BuildHost(
      cacheDir_, task_, CannOpsCopy("one-library", "target_sources(optiling PRIVATE op_host/scaled_add_tiling.cpp op_host/scaled_add_def.cpp)\n"));
  EXPECT_FALSE(host.ok);
  EXPECT_NE(host.log.find("multiple definition of `optiling::BlockCount(unsigned int)'"), std::string::npos) << host.log;
}

TEST_F(CandidateBuildTest, TheCmakeListsIsPartOfTheHostBuildKey) {
  const Candidate candidate = CannOpsCopy("edited", ReadFileText(kCannOpsScaledAdd / "CMakeLists.txt"));
  const std::string key = BuildHost(cacheDir_, task_, candidate).key;
  std::ofstream(candidate.directory / "CMakeLists.txt", std::ios::app) << "# edited\n";
  EXPECT_NE(BuildHost(cacheDir_, task_, candidate).key, key);
}

}  // namespace
}  // namespace akgen::bench
