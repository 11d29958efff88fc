#include "bench/oracle/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "bench/oracle/oracle_error.h"

extern char** environ;

namespace akgen::bench {
namespace {

using Clock = std::chrono::steady_clock;

struct Pipe {
  int read = -1;
  int write = -1;
};

Pipe MakePipe() {
  std::array<int, 2> ends{};
  if (pipe2(ends.data(), O_CLOEXEC) != 0) throw OracleError(std::string("pipe: ") + std::strerror(errno));
  return {ends[0], ends[1]};
}

std::string NameOf(const std::string& entry) { return entry.substr(0, entry.find('=')); }

std::vector<std::string> MergedEnvironment(const std::vector<std::string>& overrides) {
  std::vector<std::string> merged;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string variable(*entry);
    bool overridden = false;
    for (const std::string& replacement : overrides) overridden |= NameOf(replacement) == NameOf(variable);
    if (!overridden) merged.push_back(variable);
  }
  merged.insert(merged.end(), overrides.begin(), overrides.end());
  return merged;
}

std::vector<char*> CStrings(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

pid_t Spawn(std::vector<std::string> argv, std::vector<std::string> environment, const Pipe& out, const Pipe& err) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write, STDERR_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  const int status =
      posix_spawn(&pid, argv[0].c_str(), &actions, &attributes, CStrings(argv).data(), CStrings(environment).data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (status != 0) throw OracleError("cannot start " + argv[0] + ": " + std::strerror(status));
  return pid;
}

// Reads both pipes until they close or the deadline passes; returns false on timeout.
bool Drain(int outFd, int errFd, std::string& out, std::string& err, Clock::time_point deadline) {
  std::array<pollfd, 2> fds{{{outFd, POLLIN, 0}, {errFd, POLLIN, 0}}};
  std::array<std::string*, 2> sinks{&out, &err};
  while (fds[0].fd >= 0 || fds[1].fd >= 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    if (poll(fds.data(), fds.size(), static_cast<int>(left)) < 0 && errno != EINTR) return false;
    for (size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      std::array<char, 65536> buffer{};
      const ssize_t count = read(fds[i].fd, buffer.data(), buffer.size());
      if (count > 0) sinks[i]->append(buffer.data(), static_cast<size_t>(count));
      if (count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN)) fds[i].fd = -1;
    }
  }
  return true;
}

}  // namespace

ChildResult RunChild(const std::vector<std::string>& argv, const std::vector<std::string>& environmentOverrides,
                     std::chrono::milliseconds timeout) {
  const Pipe out = MakePipe();
  const Pipe err = MakePipe();
  pid_t pid = -1;
  try {
    pid = Spawn(argv, MergedEnvironment(environmentOverrides), out, err);
  } catch (...) {
    for (int fd : {out.read, out.write, err.read, err.write}) close(fd);
    throw;
  }
  close(out.write);
  close(err.write);
  ChildResult result;
  result.timedOut = !Drain(out.read, err.read, result.out, result.err, Clock::now() + timeout);
  if (result.timedOut) kill(-pid, SIGKILL);
  close(out.read);
  close(err.read);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

}  // namespace akgen::bench
