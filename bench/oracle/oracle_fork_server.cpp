#include "bench/oracle/oracle_fork_server.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ranges>

#include "bench/oracle/oracle.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_process.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kProtocolFd = 3;  // akgen_oracle.fork_server.PROTOCOL_FD
// The server enforces each run's timeout; this much later the harness stops waiting for it.
constexpr auto kServerGrace = std::chrono::seconds(30);
constexpr std::size_t kLogTailBytes = 4000;
constexpr std::string_view kInterpreterAdvice =
    "set AKGEN_PYTHON to a python3 with torch (Debian: /usr/bin/python3 with python3-torch)";

std::vector<std::string> EnvironmentWith(const std::vector<std::string>& overrides) {
  std::vector<std::string> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string_view variable(*entry);
    const std::string_view name = variable.substr(0, variable.find('='));
    const bool overridden = std::ranges::any_of(overrides, [&](const std::string& value) {
      return value.starts_with(name) && value.size() > name.size() && value[name.size()] == '=';
    });
    if (!overridden) environment.emplace_back(variable);
  }
  environment.insert(environment.end(), overrides.begin(), overrides.end());
  return environment;
}

std::vector<char*> CStrings(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

// At most `cap` bytes of the file, as the pipe of a directly started process would have kept.
std::string ReadCapped(const fs::path& file, std::size_t cap) {
  std::ifstream in(file, std::ios::binary);
  std::string text(cap, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

// posix_spawn's file actions and attributes, released however the spawn ends.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
};

}  // namespace

OracleForkServer::OracleForkServer(const OracleConfig& config) {
  std::string pattern = (fs::temp_directory_path() / "akgen-oracle-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr)
    throw OracleError("cannot create a folder for the oracle under " + fs::temp_directory_path().string() + ": " +
                      std::strerror(errno));
  directory_ = pattern;

  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    throw OracleError(std::string("cannot open a socket to the oracle: ") + std::strerror(errno));
  channel_ = sockets[0];
  // dup2 onto itself would leave close-on-exec set, so the server's end never sits on fd 3 here.
  const int serverEnd = fcntl(sockets[1], F_DUPFD_CLOEXEC, kProtocolFd + 1);
  close(sockets[1]);

  SpawnSetup setup;
  const std::string log = (directory_ / "server.log").string();
  posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&setup.actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&setup.actions, 1, 2);
  posix_spawn_file_actions_adddup2(&setup.actions, serverEnd, kProtocolFd);
  // Its own process group, so a terminal's Ctrl-C reaches only the harness, which then closes the
  // channel; default signal dispositions and an empty mask, as a shell would start it.
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&setup.attributes, 0);
  posix_spawnattr_setsigdefault(&setup.attributes, &all);
  posix_spawnattr_setsigmask(&setup.attributes, &none);

  std::vector<std::string> argv{config.python.string(), "-m", "akgen_oracle.fork_server", directory_.string()};
  std::vector<std::string> environment =
      EnvironmentWith({"PYTHONPATH=" + config.packageDir.string(), "PYTHONDONTWRITEBYTECODE=1"});
  const int spawned = posix_spawnp(&pid_, argv[0].c_str(), &setup.actions, &setup.attributes, CStrings(argv).data(),
                                   CStrings(environment).data());
  close(serverEnd);
  if (spawned != 0) {
    pid_ = -1;
    Stop();
    throw OracleError("cannot start " + config.python.string() + " for the oracle: " + std::strerror(spawned) + "; " +
                      std::string(kInterpreterAdvice));
  }
  try {
    const std::string ready = ReadLine(Clock::now() + config.timeout);
    if (!nlohmann::json::parse(ready).value("ready", false)) throw OracleServerLost("unexpected greeting " + ready);
  } catch (const std::exception& error) {
    const std::string printed = LogTail();
    Stop();
    throw OracleError("cannot start " + config.python.string() + " for the oracle (python -m akgen_oracle.fork_server: " +
                      error.what() + ")" + (printed.empty() ? "" : ":\n" + printed) + "\n" +
                      std::string(kInterpreterAdvice));
  }
}

OracleForkServer::~OracleForkServer() { Stop(); }

void OracleForkServer::Stop() {
  if (channel_ >= 0) close(channel_);  // the server kills a run in progress and exits
  channel_ = -1;
  if (pid_ > 0) {
    const auto deadline = Clock::now() + std::chrono::seconds(2);
    while (waitpid(pid_, nullptr, WNOHANG) == 0) {
      if (Clock::now() > deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        break;
      }
      usleep(10000);
    }
  }
  pid_ = -1;
  std::error_code ignored;
  if (!directory_.empty()) fs::remove_all(directory_, ignored);
}

std::string OracleForkServer::ReadLine(Clock::time_point deadline) {
  for (;;) {
    if (const size_t newline = pending_.find('\n'); newline != std::string::npos) {
      std::string line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      return line;
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) throw OracleServerLost("no answer in time");
    pollfd channel{channel_, POLLIN, 0};
    const int ready = poll(&channel, 1, static_cast<int>(std::min<long long>(left, 60'000)));
    if (ready < 0 && errno != EINTR) throw OracleServerLost(std::string("poll: ") + std::strerror(errno));
    if (ready <= 0) continue;
    char buffer[4096];
    const ssize_t count = recv(channel_, buffer, sizeof buffer, 0);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) throw OracleServerLost("the server exited");
    pending_.append(buffer, static_cast<size_t>(count));
  }
}

std::string OracleForkServer::LogTail() const {
  const std::string log = ReadCapped(directory_ / "server.log", 1u << 20);
  return log.size() > kLogTailBytes ? log.substr(log.size() - kLogTailBytes) : log;
}

PythonRun OracleForkServer::Run(const std::string& module, const std::vector<std::string>& arguments,
                                std::chrono::seconds timeout, std::size_t outputCapBytes) {
  const fs::path out = directory_ / "stdout", err = directory_ / "stderr";
  const std::string request = nlohmann::json{{"module", module},
                                             {"argv", arguments},
                                             {"cwd", fs::current_path().string()},
                                             {"stdout", out.string()},
                                             {"stderr", err.string()},
                                             {"timeout", timeout.count()}}
                                  .dump() +
                              "\n";
  if (channel_ < 0) throw OracleServerLost("the server was stopped");
  for (size_t sent = 0; sent < request.size();) {
    const ssize_t count = send(channel_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) {
      Stop();
      throw OracleServerLost(std::string("send: ") + std::strerror(errno));
    }
    sent += static_cast<size_t>(count);
  }
  const auto deadline = Clock::now() + timeout + kServerGrace;
  pid_t child = -1;
  nlohmann::json status;
  try {
    child = nlohmann::json::parse(ReadLine(deadline)).at("pid").get<pid_t>();
    status = nlohmann::json::parse(ReadLine(deadline));
  } catch (const OracleServerLost&) {
    if (child > 0) kill(-child, SIGKILL);
    Stop();
    throw;
  }
  PythonRun run;
  run.timedOut = status.at("timed_out").get<bool>();
  if (!status.at("exit_code").is_null()) run.exitCode = status.at("exit_code").get<int>();
  if (!status.at("signal").is_null()) run.signal = status.at("signal").get<int>();
  run.out = ReadCapped(out, outputCapBytes);
  run.err = ReadCapped(err, outputCapBytes);
  return run;
}

}  // namespace akgen::bench
