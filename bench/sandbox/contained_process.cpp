#include "bench/sandbox/contained_process.h"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "bench/sandbox/proc_stat.h"

namespace akgen::bench {
namespace {

using Clock = std::chrono::steady_clock;

// File descriptors of the child: 0-2 as usual, then bubblewrap's status channel and the pipe on
// which the child reports a failed setup step (closed by a successful exec).
constexpr int kStatusChannelFd = 3;
constexpr int kSetupErrorFd = 4;
constexpr int kChildFdCount = 5;
// After the child is gone, processes it left behind (and are being killed) may still hold the pipes.
constexpr auto kDrainLimit = std::chrono::seconds(2);
// SIGKILLed processes take a moment to die; the group must be empty before the run counts as over.
constexpr auto kGroupEndLimit = std::chrono::seconds(2);
constexpr std::size_t kStatusChannelCap = 64u << 10;

struct SetupFailure {
  char step[64];
  int error;
};

class Pipe {
 public:
  Pipe() {
    if (pipe2(fds_, O_CLOEXEC) != 0) throw std::runtime_error(std::string("sandbox: pipe: ") + std::strerror(errno));
  }
  ~Pipe() {
    CloseRead();
    CloseWrite();
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  int Read() const { return fds_[0]; }
  int Write() const { return fds_[1]; }
  void CloseRead() { CloseEnd(0); }
  void CloseWrite() { CloseEnd(1); }

 private:
  void CloseEnd(int end) {
    if (fds_[end] >= 0) close(fds_[end]);
    fds_[end] = -1;
  }
  int fds_[2] = {-1, -1};
};

// Reads one pipe, keeping at most `cap` bytes and dropping the rest so the writer never blocks.
class StreamCollector {
 public:
  StreamCollector(int fd, std::size_t cap) : fd_(fd), cap_(cap) {}
  int Fd() const { return fd_; }
  bool Open() const { return open_; }
  void ReadAvailable() {
    char buffer[1 << 16];
    const ssize_t count = read(fd_, buffer, sizeof buffer);
    if (count < 0 && errno == EINTR) return;
    if (count <= 0) {
      open_ = false;
      return;
    }
    const std::size_t room = cap_ - std::min(cap_, output_.text.size());
    output_.text.append(buffer, std::min(room, static_cast<std::size_t>(count)));
    if (static_cast<std::size_t>(count) > room) output_.truncated = true;
  }
  CapturedOutput Take() { return std::move(output_); }

 private:
  int fd_;
  std::size_t cap_;
  bool open_ = true;
  CapturedOutput output_;
};

// Waits up to `timeout` for data on the open collectors (and for `pidfd` when >= 0) and reads what
// arrived. Returns whether `pidfd` became readable, i.e. the child exited.
bool PollOnce(std::vector<StreamCollector*>& collectors, int pidfd, Clock::duration timeout) {
  std::vector<pollfd> fds;
  std::vector<StreamCollector*> polled;
  for (auto* collector : collectors) {
    if (!collector->Open()) continue;
    fds.push_back({collector->Fd(), POLLIN, 0});
    polled.push_back(collector);
  }
  if (pidfd >= 0) fds.push_back({pidfd, POLLIN, 0});
  const auto milliseconds = std::chrono::ceil<std::chrono::milliseconds>(timeout).count();
  if (poll(fds.data(), fds.size(), static_cast<int>(std::max<long long>(0, milliseconds))) <= 0) return false;
  for (std::size_t i = 0; i < polled.size(); ++i) {
    if (fds[i].revents != 0) polled[i]->ReadAvailable();
  }
  return pidfd >= 0 && fds.back().revents != 0;
}

// RLIMIT_NPROC counts every process and thread of the user, so the sandbox's allowance comes on
// top of what that user already runs.
unsigned long TasksOwnedBy(uid_t uid) {
  DIR* proc = opendir("/proc");
  if (!proc) return 0;
  unsigned long tasks = 0;
  while (const dirent* entry = readdir(proc)) {
    if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
    struct stat process, threads;
    const std::string processDirectory = std::string("/proc/") + entry->d_name;
    if (stat(processDirectory.c_str(), &process) == 0 && process.st_uid == uid &&
        stat((processDirectory + "/task").c_str(), &threads) == 0) {
      tasks += threads.st_nlink - 2;  // procfs gives a task directory one link per thread plus two
    }
  }
  closedir(proc);
  return tasks;
}

std::vector<char*> CStrings(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (const auto& s : strings) pointers.push_back(const_cast<char*>(s.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

// Everything the child needs, prepared before fork: after fork only async-signal-safe calls happen.
struct ChildPlan {
  std::vector<char*> argv;
  std::vector<char*> envp;
  const char* workingDirectory;
  ResourceLimits limits;
  rlim_t processLimit;
  std::optional<uid_t> runAsUid;
  int childFds[kChildFdCount];  // what becomes fd 0..4
};

[[noreturn]] void FailSetup(const char* step) {
  SetupFailure failure{};
  std::strncpy(failure.step, step, sizeof failure.step - 1);
  failure.error = errno;
  (void)!write(kSetupErrorFd, &failure, sizeof failure);
  _exit(127);
}

void SetLimit(int resource, rlim_t soft, rlim_t hard, const char* step) {
  rlimit current{};
  getrlimit(resource, &current);
  const rlimit wanted{std::min(soft, current.rlim_max), std::min(hard, current.rlim_max)};
  if (setrlimit(resource, &wanted) != 0) FailSetup(step);
}

[[noreturn]] void RunChild(const ChildPlan& plan) {
  setpgid(0, 0);
  // Move the pipes out of the way first so that placing one on 0..4 cannot close another.
  int high[kChildFdCount];
  for (int i = 0; i < kChildFdCount; ++i) high[i] = fcntl(plan.childFds[i], F_DUPFD_CLOEXEC, 64);
  for (int i = 0; i < kChildFdCount; ++i) {
    if (dup2(high[i], i) < 0) _exit(127);
  }
  fcntl(kSetupErrorFd, F_SETFD, FD_CLOEXEC);
  close_range(kChildFdCount, ~0u, 0);
  // Ignored signals stay ignored across exec; the program must get default SIGPIPE, SIGXCPU, ….
  struct sigaction defaultAction {};
  defaultAction.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; ++signal) sigaction(signal, &defaultAction, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  if (chdir(plan.workingDirectory) != 0) FailSetup("chdir to the work directory");
  SetLimit(RLIMIT_CPU, plan.limits.cpuSeconds, plan.limits.cpuSeconds + 1, "setrlimit(RLIMIT_CPU)");
  SetLimit(RLIMIT_AS, plan.limits.addressSpaceBytes, plan.limits.addressSpaceBytes, "setrlimit(RLIMIT_AS)");
  SetLimit(RLIMIT_FSIZE, plan.limits.fileSizeBytes, plan.limits.fileSizeBytes, "setrlimit(RLIMIT_FSIZE)");
  SetLimit(RLIMIT_NPROC, plan.processLimit, plan.processLimit, "setrlimit(RLIMIT_NPROC)");
  SetLimit(RLIMIT_CORE, 0, 0, "setrlimit(RLIMIT_CORE)");
  if (plan.runAsUid) {
    if (setgroups(0, nullptr) != 0) FailSetup("setgroups");
    if (setgid(*plan.runAsUid) != 0) FailSetup("setgid");
    if (setuid(*plan.runAsUid) != 0) FailSetup("setuid");
  }
  execve(plan.argv[0], plan.argv.data(), plan.envp.data());
  FailSetup("exec");
}

double Seconds(const timeval& time) { return double(time.tv_sec) + double(time.tv_usec) / 1e6; }

}  // namespace

ContainedExit RunContained(const ContainedLaunch& launch) {
  const uid_t user = launch.runAsUid.value_or(getuid());
  const rlim_t processLimit = launch.limits.processes + (user == 0 ? 0 : TasksOwnedBy(user));
  Pipe output, error, status, setup;
  const int devNull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  const ChildPlan plan{CStrings(launch.argv), CStrings(launch.environment), launch.workingDirectory.c_str(),
                       launch.limits, processLimit, launch.runAsUid,
                       {devNull, output.Write(), error.Write(), status.Write(), setup.Write()}};

  const auto start = Clock::now();
  const pid_t pid = fork();
  if (pid == 0) RunChild(plan);
  close(devNull);
  if (pid < 0) throw std::runtime_error(std::string("sandbox: fork: ") + std::strerror(errno));
  setpgid(pid, pid);  // also here, so that a kill of the group cannot precede the child's own setpgid
  output.CloseWrite();
  error.CloseWrite();
  status.CloseWrite();
  setup.CloseWrite();

  SetupFailure failure{};
  if (read(setup.Read(), &failure, sizeof failure) == sizeof failure) {
    waitpid(pid, nullptr, 0);
    throw std::runtime_error("sandbox: " + std::string(failure.step) + " (" + launch.argv[0] +
                             "): " + std::strerror(failure.error));
  }

  StreamCollector stdoutCollector(output.Read(), launch.outputCapBytes);
  StreamCollector stderrCollector(error.Read(), launch.outputCapBytes);
  StreamCollector statusCollector(status.Read(), kStatusChannelCap);
  std::vector<StreamCollector*> collectors = {&stdoutCollector, &stderrCollector, &statusCollector};

  ContainedExit result;
  // glibc 2.36's <sys/pidfd.h> lacks extern "C", so the system call is made directly.
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0) {
    kill(-pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    throw std::runtime_error(std::string("sandbox: pidfd_open (needs Linux 5.3): ") + std::strerror(errno));
  }
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(launch.limits.wallSeconds));
  for (bool exited = false; !exited;) {
    if (Clock::now() >= deadline) {
      result.timedOut = true;
      kill(-pid, SIGKILL);
      break;
    }
    exited = PollOnce(collectors, pidfd, deadline - Clock::now());
  }
  close(pidfd);
  rusage usage{};
  wait4(pid, &result.waitStatus, 0, &usage);
  result.wallSeconds = std::chrono::duration<double>(Clock::now() - start).count();
  kill(-pid, SIGKILL);  // whatever the program left in its process group
  for (const auto groupDeadline = Clock::now() + kGroupEndLimit;
       ProcessGroupHasLiveMembers(pid) && Clock::now() < groupDeadline;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const auto drainDeadline = Clock::now() + kDrainLimit;
  while (std::ranges::any_of(collectors, &StreamCollector::Open) && Clock::now() < drainDeadline) {
    PollOnce(collectors, -1, drainDeadline - Clock::now());
  }
  result.cpuSeconds = Seconds(usage.ru_utime) + Seconds(usage.ru_stime);
  result.peakRssKiB = usage.ru_maxrss;
  result.standardOutput = stdoutCollector.Take();
  result.standardError = stderrCollector.Take();
  result.statusChannel = statusCollector.Take().text;
  return result;
}

}  // namespace akgen::bench
