#include "bench/oracle/oracle_process.h"

#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "bench/common/environment_fault.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_fork_server.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMessagePrefix = "akgen_oracle: ";
constexpr int kMachineFaultStatus = 4;  // akgen_oracle.task_files.MACHINE_FAULT_STATUS
constexpr std::string_view kMachineFaultPrefix = "akgen_oracle machine fault: ";
constexpr size_t kTracebackLines = 15;
constexpr size_t kOutputCapBytes = 16u << 20;

// Idle servers, one list per interpreter and package folder; a run takes one (or starts one) and
// gives it back, so concurrent runs each have their own.
class ForkServerPool {
 public:
  std::unique_ptr<OracleForkServer> Take(const OracleConfig& config) {
    {
      const std::lock_guard lock(mutex_);
      auto& idle = idle_[Key(config)];
      if (!idle.empty()) {
        auto server = std::move(idle.back());
        idle.pop_back();
        return server;
      }
    }
    return std::make_unique<OracleForkServer>(config);
  }
  void Give(const OracleConfig& config, std::unique_ptr<OracleForkServer> server) {
    const std::lock_guard lock(mutex_);
    idle_[Key(config)].push_back(std::move(server));
  }

 private:
  static std::string Key(const OracleConfig& config) {
    return config.python.string() + '\n' + config.packageDir.string();
  }
  std::mutex mutex_;
  std::map<std::string, std::vector<std::unique_ptr<OracleForkServer>>> idle_;
};

ForkServerPool& Servers() {
  static ForkServerPool pool;
  return pool;
}

PythonRun RunOnAServer(const OracleConfig& config, const std::string& module, const std::vector<std::string>& arguments) {
  for (int attempt = 1;; ++attempt) {
    auto server = Servers().Take(config);
    try {
      PythonRun run = server->Run(module, arguments, config.timeout, kOutputCapBytes);
      Servers().Give(config, std::move(server));
      return run;
    } catch (const OracleServerLost& lost) {
      if (attempt == 2)
        throw OracleError("the oracle's python server (python -m akgen_oracle.fork_server) ended during python -m " +
                          module + " twice: " + lost.what());
    }
  }
}

}  // namespace

PythonRun RunOracleModule(const OracleConfig& config, const std::string& module, std::vector<std::string> arguments) {
  if (!fs::exists(config.packageDir / "akgen_oracle" / "oracle.py"))
    throw OracleError(
        "'" + config.packageDir.string() +
        "' holds no akgen_oracle package; point OracleConfig::packageDir at the repository's python/ folder");
  PythonRun run = RunOnAServer(config, module, arguments);
  const size_t fault = run.err.find(kMachineFaultPrefix);
  if (run.exitCode == kMachineFaultStatus && fault != std::string::npos) {
    std::string message = run.err.substr(fault + kMachineFaultPrefix.size());
    message = message.substr(0, message.find('\n'));
    throw EnvironmentFault("the oracle (python -m " + module + ") failed on this machine: " + message +
                           "; free space or fix the filesystem, then rerun with the same --out to resume");
  }
  return run;
}

// The diagnosis may span lines, e.g. compiler errors.
std::string Diagnosis(const std::string& err) {
  const size_t start = err.starts_with(kMessagePrefix) ? 0 : err.find("\n" + std::string(kMessagePrefix));
  if (start != std::string::npos) {
    std::string message = err.substr(err.find(kMessagePrefix, start) + kMessagePrefix.size());
    return message.substr(0, message.find_last_not_of('\n') + 1);
  }
  std::istringstream lines(err);
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  std::string tail;
  for (size_t i = all.size() > kTracebackLines ? all.size() - kTracebackLines : 0; i < all.size(); ++i)
    tail += "\n  " + all[i];
  return "python failed:" + (tail.empty() ? std::string(" (no output)") : tail);
}

}  // namespace akgen::bench
