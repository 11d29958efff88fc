#include "bench/sandbox/sandbox.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <iostream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "bench/sandbox/bubblewrap_command.h"
#include "bench/sandbox/contained_process.h"
#include "bench/sandbox/proc_stat.h"

extern char** environ;

namespace akgen::bench {
namespace {

constexpr auto kNamespaceEndLimit = std::chrono::seconds(2);

std::vector<std::string> SandboxEnvironment(const SandboxPolicy& policy) {
  const std::string work = policy.workDirectory.string();
  std::vector<std::string> environment = {"PATH=/usr/bin:/bin", "HOME=" + work, "TMPDIR=" + work};
  for (char** entry = environ; *entry; ++entry) {
    const std::string_view variable(*entry);
    for (const auto& prefix : policy.passedEnvironmentPrefixes) {
      if (variable.starts_with(prefix)) environment.emplace_back(variable);
    }
  }
  return environment;
}

bool Allows(const struct stat& status, uid_t uid, mode_t ownerBit, mode_t groupBit, mode_t otherBit) {
  if (status.st_uid == uid) return status.st_mode & ownerBit;
  if (status.st_gid == uid) return status.st_mode & groupBit;  // the sandbox user's group has its number
  return status.st_mode & otherBit;
}

}  // namespace

bool SandboxRunsAsOtherUsers() { return geteuid() == 0; }

std::optional<std::string> SandboxReachProblem(const std::filesystem::path& path, uid_t uid, bool needsRead) {
  // The folders the sandbox user must search are those of the path's target: a symlink into /root
  // reaches nothing that /root does not let it reach.
  const auto absolute = std::filesystem::weakly_canonical(std::filesystem::absolute(path));
  for (auto directory = absolute.parent_path(); ; directory = directory.parent_path()) {
    struct stat status {};
    if (stat(directory.c_str(), &status) == 0 && !Allows(status, uid, S_IXUSR, S_IXGRP, S_IXOTH)) {
      return directory.string() + " is not searchable by the sandbox user " + std::to_string(uid) + ", so " +
             absolute.string() + " cannot be bound";
    }
    if (directory == directory.root_path()) break;
  }
  struct stat status {};
  if (needsRead && stat(absolute.c_str(), &status) == 0 && !Allows(status, uid, S_IRUSR, S_IRGRP, S_IROTH)) {
    return absolute.string() + " is not readable by the sandbox user " + std::to_string(uid);
  }
  return std::nullopt;
}

namespace {

// bubblewrap resolves bind sources after switching to the sandbox user.
void RequireReachable(const std::filesystem::path& path, uid_t uid, bool needsRead) {
  if (const std::optional<std::string> problem = SandboxReachProblem(path, uid, needsRead))
    throw SandboxUnreachable("sandbox: " + *problem + "; chmod o+rx it or use a directory that is");
}

// A program under a directory the sandbox user cannot search (a build tree in a home directory)
// is copied into the work directory, which the sandbox user owns and reaches.
std::filesystem::path ReachableProgram(const std::filesystem::path& program, const SandboxPolicy& policy) {
  try {
    RequireReachable(program, policy.sandboxUid, true);
    return program;
  } catch (const SandboxUnreachable&) {
    const std::filesystem::path copy = policy.workDirectory / ("." + program.filename().string());
    std::filesystem::copy_file(program, copy, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::permissions(copy, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                           std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                           std::filesystem::perms::others_exec);
    return copy;
  }
}

void HandOver(const std::filesystem::path& directory, uid_t uid) {
  if (lchown(directory.c_str(), uid, uid) != 0) {
    throw std::runtime_error("sandbox: cannot hand " + directory.string() + " to uid " + std::to_string(uid));
  }
  for (const auto& entry : std::filesystem::recursive_directory_iterator(directory)) {
    if (lchown(entry.path().c_str(), uid, uid) != 0) {
      throw std::runtime_error("sandbox: cannot hand " + entry.path().string() + " to uid " + std::to_string(uid));
    }
  }
}

bool UseBubblewrap(Isolation isolation) {
  if (isolation == Isolation::ProcessGroupOnly) return false;
  if (isolation == Isolation::Bubblewrap) return true;
  const auto& availability = CheckBubblewrap();
  static std::once_flag warned;
  std::call_once(warned, [&] {
    if (!availability.works) {
      std::cerr << "akgen: warning: bubblewrap cannot create a sandbox here (" << availability.reason
                << "); candidates run with rlimits, an unprivileged user and a process group only: they can "
                   "see the host file system and use the network\n";
    }
  });
  return availability.works;
}

// A namespace's init that is gone or a zombie has no processes left in its namespace.
bool ProcessAlive(pid_t pid) {
  const auto stat = ReadProcStat(pid);
  return stat && stat->state != 'Z';
}

// When the harness killed bubblewrap, the namespace's init is killed by the kernel (die-with-parent)
// a moment later, and it takes every process of the namespace with it; wait for that.
void WaitForNamespaceEnd(const std::string& statusChannel) {
  std::istringstream lines(statusChannel);
  for (std::string line; std::getline(lines, line);) {
    const auto status = nlohmann::json::parse(line, nullptr, false);
    if (status.is_discarded() || !status.contains("child-pid")) continue;
    const pid_t init = status["child-pid"].get<pid_t>();
    const auto deadline = std::chrono::steady_clock::now() + kNamespaceEndLimit;
    while (ProcessAlive(init) && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
}

SandboxResult ToResult(ContainedExit&& exit, bool bubblewrap, const ResourceLimits& limits) {
  SandboxResult result;
  if (WIFSIGNALED(exit.waitStatus)) result.signal = WTERMSIG(exit.waitStatus);
  if (WIFEXITED(exit.waitStatus)) {
    const int code = WEXITSTATUS(exit.waitStatus);
    // bubblewrap reports a program killed by signal N as exit code 128 + N, as shells do.
    if (bubblewrap && code > 128 && code < 128 + NSIG) {
      result.signal = code - 128;
    } else {
      result.exitCode = code;
    }
  }
  result.timedOut = exit.timedOut;
  result.wallSeconds = exit.wallSeconds;
  if (!bubblewrap) {
    result.cpuSeconds = exit.cpuSeconds;
    result.peakRssKiB = exit.peakRssKiB;
  }
  // SIGKILL is the hard CPU limit, one second after SIGXCPU, for a program that catches SIGXCPU.
  const bool killedAtHardCpuLimit = result.signal == SIGKILL && result.cpuSeconds.value_or(0) >= limits.cpuSeconds;
  result.cpuLimitReached = !exit.timedOut && (result.signal == SIGXCPU || killedAtHardCpuLimit);
  result.standardOutput = std::move(exit.standardOutput);
  result.standardError = std::move(exit.standardError);
  return result;
}

BubblewrapAvailability ProbeBubblewrap() {
  if (!FindBubblewrap()) return {false, "bwrap not found on PATH"};
  char pattern[] = "/tmp/akgen-sandbox-probe-XXXXXX";
  if (!mkdtemp(pattern)) return {false, "cannot create a probe directory in /tmp"};
  const std::filesystem::path work(pattern);
  BubblewrapAvailability availability;
  try {
    SandboxPolicy policy;
    policy.workDirectory = work;
    policy.isolation = Isolation::Bubblewrap;
    policy.limits.wallSeconds = 10;
    const auto result = RunInSandbox(policy, "/usr/bin/true", {});
    availability.works = result.exitCode == 0;
    const auto& message = result.standardError.text;
    availability.reason = availability.works ? "" : message.substr(0, message.find('\n'));
  } catch (const std::exception& error) {
    availability.reason = error.what();
  }
  std::filesystem::remove_all(work);
  return availability;
}

}  // namespace

const BubblewrapAvailability& CheckBubblewrap() {
  static const BubblewrapAvailability availability = ProbeBubblewrap();
  return availability;
}

SandboxResult RunInSandbox(const SandboxPolicy& policy, const std::filesystem::path& requestedProgram,
                           const std::vector<std::string>& arguments) {
  ValidateSandboxPolicy(policy, requestedProgram);
  const bool asRoot = SandboxRunsAsOtherUsers();
  if (asRoot) RequireReachable(policy.workDirectory, policy.sandboxUid, false);
  const std::filesystem::path program =
      asRoot ? ReachableProgram(requestedProgram, policy) : requestedProgram;
  const bool bubblewrap = UseBubblewrap(policy.isolation);
  ContainedLaunch launch;
  if (bubblewrap) {
    const auto bwrap = FindBubblewrap();
    if (!bwrap) throw std::runtime_error("sandbox: bubblewrap isolation requested, but bwrap is not on PATH");
    launch.argv = BubblewrapCommand(*bwrap, policy, program, arguments);
  } else {
    launch.argv = {program.string()};
    launch.argv.insert(launch.argv.end(), arguments.begin(), arguments.end());
  }
  launch.environment = SandboxEnvironment(policy);
  launch.workingDirectory = policy.workDirectory;
  launch.limits = policy.limits;
  launch.outputCapBytes = policy.outputCapBytes;
  if (asRoot) {
    launch.runAsUid = policy.sandboxUid;
    for (const auto& path : policy.readOnlyPaths) RequireReachable(path, policy.sandboxUid, true);
    HandOver(policy.workDirectory, policy.sandboxUid);
  }
  ContainedExit exit = RunContained(launch);
  if (bubblewrap) WaitForNamespaceEnd(exit.statusChannel);
  return ToResult(std::move(exit), bubblewrap, policy.limits);
}

}  // namespace akgen::bench
