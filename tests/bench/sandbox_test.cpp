#include "bench/sandbox/sandbox.h"

#include "bench/sandbox/proc_stat.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace akgen::bench {
namespace {

std::string ReadText(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// PIDs of live host processes (not zombies) whose command name, cut to 15 characters by the
// kernel, is `name`.
std::vector<pid_t> ProcessesNamed(const std::string& name) {
  std::vector<pid_t> pids;
  DIR* proc = opendir("/proc");
  while (const dirent* entry = readdir(proc)) {
    if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
    std::string command = ReadText(std::string("/proc/") + entry->d_name + "/comm");
    if (!command.empty()) command.pop_back();
    const pid_t pid = std::atoi(entry->d_name);
    const auto stat = ReadProcStat(pid);
    if (command == name.substr(0, 15) && stat && stat->state != 'Z') pids.push_back(pid);
  }
  closedir(proc);
  return pids;
}

// A listening TCP socket on 127.0.0.1 of the host, on a free port.
class LoopbackListener {
 public:
  LoopbackListener() : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(fd_, reinterpret_cast<sockaddr*>(&address), length) != 0 || listen(fd_, 8) != 0 ||
        getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      throw std::runtime_error("cannot listen on 127.0.0.1");
    }
    port_ = ntohs(address.sin_port);
  }
  ~LoopbackListener() { close(fd_); }
  std::string Port() const { return std::to_string(port_); }

 private:
  int fd_;
  int port_ = 0;
};

class SandboxTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/akgen-sandbox-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    root_ = pattern;
    chmod(root_.c_str(), 0755);  // the sandbox user must reach the work directory
    policy_.workDirectory = root_ / "work";
    std::filesystem::create_directory(policy_.workDirectory);
    policy_.isolation = Isolation::Bubblewrap;
    policy_.limits.wallSeconds = 2;
    policy_.limits.cpuSeconds = 10;
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  static std::filesystem::path Program(const std::string& name) {
    return std::filesystem::path(AKGEN_SANDBOX_PROGRAM_DIR) / ("sandbox_" + name);
  }
  void RequireBubblewrap() {
    if (!CheckBubblewrap().works) GTEST_SKIP() << "bubblewrap does not work here: " << CheckBubblewrap().reason;
  }
  SandboxResult Run(const std::string& name, const std::vector<std::string>& arguments = {}) {
    return RunInSandbox(policy_, Program(name), arguments);
  }

  std::filesystem::path root_;
  SandboxPolicy policy_;
};

TEST_F(SandboxTest, WellBehavedProgramWritesItsOutputInTheWorkDirectory) {
  RequireBubblewrap();
  setenv("AKGEN_SIM_SANDBOX_CHECK", "passed", 1);
  setenv("AKGEN_SOC", "Ascend910B3", 1);  // the SoC whose core count the candidate's tiling reads
  setenv("AKGEN_PRIVATE_TOKEN", "leaked", 1);
  const auto result = Run("well_behaved", {"result.txt"});
  unsetenv("AKGEN_SOC");
  const auto classification = Classify(result);
  EXPECT_EQ(classification.verdict, SandboxVerdict::Ok) << classification.detail << result.standardError.text;
  EXPECT_EQ(result.exitCode, 0);
  EXPECT_EQ(ReadText(policy_.workDirectory / "result.txt"), "answer 42\n");
  EXPECT_NE(result.standardOutput.text.find("AKGEN_SIM_SANDBOX_CHECK=passed"), std::string::npos);
  EXPECT_NE(result.standardOutput.text.find("AKGEN_SOC=Ascend910B3"), std::string::npos);
  EXPECT_EQ(result.standardOutput.text.find("AKGEN_PRIVATE_TOKEN"), std::string::npos);
  EXPECT_NE(result.standardOutput.text.find("HOME=" + policy_.workDirectory.string() + "\n"), std::string::npos);
  EXPECT_FALSE(result.standardOutput.truncated);
  EXPECT_GT(result.wallSeconds, 0);
}

TEST_F(SandboxTest, AProgramInAPrivateDirectoryIsCopiedIntoTheWorkDirectory) {
  RequireBubblewrap();
  const auto privateDirectory = root_ / "private";
  std::filesystem::create_directories(privateDirectory);
  std::filesystem::copy_file(Program("well_behaved"), privateDirectory / "well_behaved");
  chmod(privateDirectory.c_str(), 0700);  // like a build tree in /root: the sandbox user cannot search it
  const auto result = RunInSandbox(policy_, privateDirectory / "well_behaved", {"result.txt"});
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Ok) << result.standardError.text;
  EXPECT_EQ(ReadText(policy_.workDirectory / "result.txt"), "answer 42\n");
}

// A symlink in a public folder does not make its private target reachable for the sandbox user.
TEST_F(SandboxTest, AProgramReachedThroughASymlinkIntoAPrivateDirectoryIsCopiedToo) {
  RequireBubblewrap();
  const auto privateDirectory = root_ / "hidden";
  std::filesystem::create_directories(privateDirectory);
  std::filesystem::copy_file(Program("well_behaved"), privateDirectory / "well_behaved");
  chmod(privateDirectory.c_str(), 0700);
  std::filesystem::create_directory_symlink(privateDirectory, root_ / "public-link");
  EXPECT_TRUE(SandboxReachProblem(root_ / "public-link" / "well_behaved", policy_.sandboxUid, true));
  const auto result = RunInSandbox(policy_, root_ / "public-link" / "well_behaved", {"result.txt"});
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Ok) << result.standardError.text;
  EXPECT_EQ(ReadText(policy_.workDirectory / "result.txt"), "answer 42\n");
}

TEST_F(SandboxTest, WithoutBubblewrapTheProgramStillGetsOnlyTheWhitelistedEnvironment) {
  setenv("AKGEN_PRIVATE_TOKEN", "leaked", 1);
  policy_.isolation = Isolation::ProcessGroupOnly;
  const auto result = Run("well_behaved", {"result.txt"});
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Ok) << result.standardError.text;
  EXPECT_EQ(ReadText(policy_.workDirectory / "result.txt"), "answer 42\n");
  EXPECT_EQ(result.standardOutput.text.find("AKGEN_PRIVATE_TOKEN"), std::string::npos);
  EXPECT_GT(result.peakRssKiB.value_or(0), 0);
}

TEST_F(SandboxTest, NonZeroExitIsAnError) {
  RequireBubblewrap();
  const auto result = Run("well_behaved");  // no output file named: exits 2
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_FALSE(result.signal);
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Error);
  EXPECT_EQ(Classify(result).detail, "exit code 2");
}

TEST_F(SandboxTest, HiddenGoldenFileCannotBeRead) {
  RequireBubblewrap();
  const auto golden = root_ / "golden" / "output.bin";
  std::filesystem::create_directory(golden.parent_path());
  std::ofstream(golden) << "secret-golden";
  chmod(golden.parent_path().c_str(), 0755);  // readable by anyone: only the sandbox can hide it
  chmod(golden.c_str(), 0644);
  policy_.hiddenPaths = {golden.parent_path()};
  const auto result = Run("read_file", {golden.string()});
  EXPECT_EQ(result.exitCode, 3) << result.standardOutput.text << result.standardError.text;
  EXPECT_EQ(result.standardOutput.text.find("secret-golden"), std::string::npos);
  EXPECT_TRUE(result.standardOutput.text.find("ENOENT") != std::string::npos ||
              result.standardOutput.text.find("EACCES") != std::string::npos)
      << result.standardOutput.text;
  // Host files outside the binds are as invisible.
  EXPECT_EQ(Run("read_file", {"/etc/passwd"}).standardOutput.text, "open failed: ENOENT\n");
}

TEST_F(SandboxTest, PolicyThatWouldExposeAHiddenPathIsRejected) {
  policy_.hiddenPaths = {root_ / "golden"};
  policy_.readOnlyPaths = {root_};
  EXPECT_THROW(Run("well_behaved", {"result.txt"}), std::invalid_argument);
  policy_.readOnlyPaths = {};
  EXPECT_THROW(RunInSandbox(policy_, root_ / "no_such_program", {}), std::invalid_argument);
}

TEST_F(SandboxTest, NoNetworkInsideTheSandbox) {
  RequireBubblewrap();
  LoopbackListener listener;
  policy_.isolation = Isolation::ProcessGroupOnly;  // the program can connect when not isolated
  EXPECT_EQ(Run("connect_localhost", {listener.Port()}).standardOutput.text, "connected\n");
  policy_.isolation = Isolation::Bubblewrap;
  const auto result = Run("connect_localhost", {listener.Port()});
  EXPECT_EQ(result.exitCode, 3) << result.standardOutput.text << result.standardError.text;
  EXPECT_NE(result.standardOutput.text.find("failed"), std::string::npos);
}

TEST_F(SandboxTest, InfiniteLoopIsKilledAtTheWallClockTimeout) {
  RequireBubblewrap();
  policy_.limits.wallSeconds = 1;
  const auto result = Run("busy_loop");
  EXPECT_TRUE(result.timedOut);
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Timeout);
  EXPECT_EQ(Classify(result).detail, "wall-clock time limit");
  EXPECT_GE(result.wallSeconds, 1.0);
  EXPECT_LT(result.wallSeconds, 2.0);
  EXPECT_TRUE(ProcessesNamed("sandbox_busy_loop").empty());
}

// The wall-clock limit is far above the CPU limit, so the CPU limit comes first even on a machine so
// busy that the burner gets a fraction of a core.
TEST_F(SandboxTest, CpuBurnerHitsTheCpuLimit) {
  RequireBubblewrap();
  policy_.limits.cpuSeconds = 1;
  policy_.limits.wallSeconds = 60;
  const auto result = Run("busy_loop");
  EXPECT_FALSE(result.timedOut);
  EXPECT_EQ(result.signal, SIGXCPU);
  EXPECT_TRUE(result.cpuLimitReached);
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Timeout);
  EXPECT_EQ(Classify(result).detail, "CPU time limit");
}

TEST_F(SandboxTest, CpuBurnerHitsTheCpuLimitWithoutBubblewrap) {
  policy_.isolation = Isolation::ProcessGroupOnly;
  policy_.limits.cpuSeconds = 1;
  policy_.limits.wallSeconds = 60;
  const auto result = Run("busy_loop");
  EXPECT_EQ(result.signal, SIGXCPU);
  EXPECT_EQ(Classify(result).detail, "CPU time limit");
  EXPECT_GE(result.cpuSeconds.value_or(0), 0.9);
}

TEST_F(SandboxTest, ForkBombIsContainedAndLeavesNoProcessBehind) {
  RequireBubblewrap();
  policy_.limits.processes = 16;
  policy_.limits.wallSeconds = 1.5;
  const auto result = Run("fork_bomb");
  EXPECT_TRUE(result.timedOut);
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Timeout);
  EXPECT_NE(result.standardOutput.text.find("fork failed after"), std::string::npos) << result.standardOutput.text;
  EXPECT_LT(result.wallSeconds, 2.5);
  EXPECT_TRUE(ProcessesNamed("sandbox_fork_bomb").empty());
}

TEST_F(SandboxTest, ForkBombIsContainedWithoutBubblewrap) {
  policy_.isolation = Isolation::ProcessGroupOnly;
  policy_.limits.processes = 16;
  policy_.limits.wallSeconds = 1.5;
  const auto result = Run("fork_bomb");
  EXPECT_TRUE(result.timedOut);
  EXPECT_NE(result.standardOutput.text.find("fork failed after"), std::string::npos) << result.standardOutput.text;
  EXPECT_TRUE(ProcessesNamed("sandbox_fork_bomb").empty());
}

TEST_F(SandboxTest, HugeFileHitsTheFileSizeLimit) {
  RequireBubblewrap();
  policy_.limits.fileSizeBytes = 1 << 20;
  const auto result = Run("huge_file");
  EXPECT_EQ(result.signal, SIGXFSZ);
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Crash);
  EXPECT_EQ(Classify(result).detail, "SIGXFSZ (file size limit)");
  EXPECT_LE(std::filesystem::file_size(policy_.workDirectory / "huge.bin"), 1u << 20);
}

TEST_F(SandboxTest, SegfaultIsACrashWithSigsegv) {
  RequireBubblewrap();
  const auto result = Run("segfault");
  EXPECT_EQ(result.signal, SIGSEGV);
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Crash);
  EXPECT_EQ(Classify(result).detail, "SIGSEGV");
}

TEST_F(SandboxTest, SegfaultWithoutBubblewrapIsTheSameCrash) {
  policy_.isolation = Isolation::ProcessGroupOnly;
  const auto result = Run("segfault");
  EXPECT_EQ(result.signal, SIGSEGV);
  EXPECT_EQ(Classify(result).detail, "SIGSEGV");
}

TEST_F(SandboxTest, OutputBeyondTheCapIsTruncatedAndFlagged) {
  RequireBubblewrap();
  const auto result = Run("big_output");
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Ok);  // the program was never blocked on a full pipe
  EXPECT_EQ(result.standardOutput.text.size(), policy_.outputCapBytes);
  EXPECT_TRUE(result.standardOutput.truncated);
  EXPECT_EQ(result.standardError.text.size(), policy_.outputCapBytes);
  EXPECT_TRUE(result.standardError.truncated);
}

TEST_F(SandboxTest, SimulatorRunsA48BlockLaunchUnderTheDefaultAddressSpaceLimit) {
  RequireBubblewrap();
  policy_.limits.wallSeconds = 20;
  const auto result = Run("sim_launch");
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Ok) << result.standardError.text;
  EXPECT_EQ(result.standardOutput.text, "48 blocks ok\n");
  // 48 fiber stacks of 8 MiB do not fit in 256 MiB: the limit is really applied.
  policy_.limits.addressSpaceBytes = 256u << 20;
  EXPECT_NE(Classify(Run("sim_launch")).verdict, SandboxVerdict::Ok);
}

// The sandbox scans /proc while other processes come and go: a process reaped between the open of
// its stat file and the read must read as gone, not throw (which charged a candidate a `crash`).
TEST(ProcStatTest, AProcessReapedBetweenOpenAndReadIsGoneNotAnError) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    pause();
    _exit(0);
  }
  std::ifstream file("/proc/" + std::to_string(child) + "/stat");
  ASSERT_TRUE(file.is_open());
  kill(child, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_FALSE(ParseProcStat(file).has_value());
  EXPECT_FALSE(ReadProcStat(child).has_value());
  const auto self = ReadProcStat(getpid());
  ASSERT_TRUE(self.has_value());
  EXPECT_EQ(self->processGroup, getpgrp());
}

TEST(SandboxClassifyTest, TimeoutsComeBeforeSignalsAndSignalsBeforeExitCodes) {
  SandboxResult result;
  result.exitCode = 0;
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Ok);
  result.exitCode.reset();
  result.signal = SIGABRT;
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Crash);
  EXPECT_EQ(Classify(result).detail, "SIGABRT");
  result.signal = SIGKILL;
  result.cpuLimitReached = true;
  EXPECT_EQ(Classify(result).verdict, SandboxVerdict::Timeout);
  EXPECT_EQ(SignalName(1000), "signal 1000");
  EXPECT_STREQ(VerdictName(SandboxVerdict::Timeout), "timeout");
}

}  // namespace
}  // namespace akgen::bench
