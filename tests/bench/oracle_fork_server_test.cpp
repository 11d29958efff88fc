#include "bench/oracle/oracle_fork_server.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "bench/oracle/oracle.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_process.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;
using std::chrono::seconds;

constexpr std::size_t kCap = 1u << 20;

// Running or sleeping; a killed process whose new parent has not reaped it yet is a zombie.
bool Alive(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string ignored, state;
  stat >> ignored >> ignored >> state;
  return stat && state != "Z" && state != "X";
}

// A package folder holding the real fork server beside a `probe` module whose behaviour each test
// picks with its arguments.
class OracleForkServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-fork-server-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    fs::create_directories(root_ / "akgen_oracle");
    fs::copy_file(fs::path(AKGEN_SOURCE_DIR) / "python/akgen_oracle/fork_server.py",
                  root_ / "akgen_oracle/fork_server.py");
    std::ofstream(root_ / "akgen_oracle/__init__.py");
    std::ofstream(root_ / "akgen_oracle/oracle.py");  // RunOracleModule checks that the package is there
    std::ofstream(root_ / "probe.py") << R"(import atexit, os, sys, time
import torch
what = sys.argv[1]
if what == "print":
    print("out", sys.argv[2:], __name__); print("err", file=sys.stderr)
elif what == "exit":
    sys.exit(int(sys.argv[2]))
elif what == "message":
    sys.exit("a message")
elif what == "raise":
    raise ValueError("broken reference")
elif what == "atexit":
    atexit.register(lambda: print("at exit"))
elif what == "kill":
    os.kill(os.getpid(), 9)
elif what == "hang":
    if os.fork() == 0:
        open(sys.argv[2], "w").write(str(os.getpid()))
        time.sleep(600)
    time.sleep(600)
elif what == "pollute":
    torch.set_default_dtype(torch.float64); os.environ["AKGEN_POLLUTED"] = "1"; sys.modules["polluted"] = sys
elif what == "state":
    print(torch.get_default_dtype(), os.environ.get("AKGEN_POLLUTED"), "polluted" in sys.modules, os.getcwd())
elif what == "quit-server":
    os.kill(os.getppid(), 9)
)";
    config_.packageDir = root_;
    config_.timeout = seconds(60);
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path root_;
  OracleConfig config_;
};

TEST_F(OracleForkServerTest, ARunSeesItsArgumentsAsMainAndItsOutputIsKept) {
  OracleForkServer server(config_);
  const PythonRun run = server.Run("probe", {"print", "a b", "c"}, seconds(30), kCap);
  EXPECT_TRUE(run.Succeeded());
  EXPECT_EQ(run.out, "out ['a b', 'c'] __main__\n");
  EXPECT_EQ(run.err, "err\n");
}

TEST_F(OracleForkServerTest, ExitStatusesAreThoseOfAFreshInterpreter) {
  OracleForkServer server(config_);
  EXPECT_EQ(server.Run("probe", {"exit", "3"}, seconds(30), kCap).exitCode, 3);
  const PythonRun message = server.Run("probe", {"message"}, seconds(30), kCap);
  EXPECT_EQ(message.exitCode, 1);
  EXPECT_EQ(message.err, "a message\n");
  const PythonRun raised = server.Run("probe", {"raise"}, seconds(30), kCap);
  EXPECT_EQ(raised.exitCode, 1);
  EXPECT_NE(raised.err.find("Traceback (most recent call last)"), std::string::npos) << raised.err;
  EXPECT_NE(raised.err.find("ValueError: broken reference"), std::string::npos) << raised.err;
  EXPECT_EQ(server.Run("probe", {"atexit"}, seconds(30), kCap).out, "at exit\n");
  const PythonRun killed = server.Run("probe", {"kill"}, seconds(30), kCap);
  EXPECT_EQ(killed.signal, SIGKILL);
  EXPECT_FALSE(killed.Succeeded());
  EXPECT_TRUE(server.Run("probe", {"print"}, seconds(30), kCap).Succeeded()) << "the server outlives its runs";
}

TEST_F(OracleForkServerTest, NothingARunChangesReachesTheNext) {
  OracleForkServer server(config_);
  ASSERT_TRUE(server.Run("probe", {"pollute"}, seconds(30), kCap).Succeeded());
  const fs::path elsewhere = root_ / "elsewhere";
  fs::create_directories(elsewhere);
  const fs::path before = fs::current_path();
  fs::current_path(elsewhere);
  const PythonRun state = server.Run("probe", {"state"}, seconds(30), kCap);
  fs::current_path(before);
  EXPECT_EQ(state.out, "torch.float32 None False " + elsewhere.string() + "\n");
}

TEST_F(OracleForkServerTest, ATimedOutRunIsKilledWithWhatItStarted) {
  OracleForkServer server(config_);
  const fs::path pidFile = root_ / "grandchild.pid";
  const auto start = std::chrono::steady_clock::now();
  const PythonRun run = server.Run("probe", {"hang", pidFile.string()}, seconds(2), kCap);
  EXPECT_TRUE(run.timedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, seconds(15));
  std::string grandchild;
  std::ifstream(pidFile) >> grandchild;
  ASSERT_FALSE(grandchild.empty());
  for (int i = 0; i < 50 && Alive(grandchild); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(Alive(grandchild)) << "the process the run forked survived";
  EXPECT_TRUE(server.Run("probe", {"print"}, seconds(30), kCap).Succeeded());
}

TEST_F(OracleForkServerTest, AServerThatDiesIsReportedAsLost) {
  OracleForkServer server(config_);
  EXPECT_THROW(server.Run("probe", {"quit-server"}, seconds(30), kCap), OracleServerLost);
  EXPECT_THROW(server.Run("probe", {"print"}, seconds(30), kCap), OracleServerLost);
}

// The pool retries a run once on a new server, then reports it; the lost servers are not reused.
TEST_F(OracleForkServerTest, RunOracleModuleRetriesOnANewServerAndReportsASecondLoss) {
  try {
    RunOracleModule(config_, "probe", {"quit-server"});
    FAIL() << "expected an OracleError";
  } catch (const OracleError& error) {
    EXPECT_NE(std::string(error.what()).find("ended during python -m probe twice"), std::string::npos) << error.what();
  }
  EXPECT_TRUE(RunOracleModule(config_, "probe", {"print"}).Succeeded());
}

TEST_F(OracleForkServerTest, AServerThatCannotStartNamesTheInterpreterAndWhatItPrinted) {
  std::ofstream(root_ / "akgen_oracle/fork_server.py") << "raise SystemExit('no torch here')\n";
  try {
    OracleForkServer server(config_);
    FAIL() << "expected an OracleError";
  } catch (const OracleError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("cannot start " + config_.python.string()), std::string::npos) << message;
    EXPECT_NE(message.find("no torch here"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace akgen::bench
