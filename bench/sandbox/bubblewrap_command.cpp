#include "bench/sandbox/bubblewrap_command.h"

#include <unistd.h>

#include <cstdlib>
#include <sstream>

namespace akgen::bench {
namespace {

// A system path appears as on the host: merged-/usr systems have /lib, /lib64 and /bin as symlinks.
void AddSystemPath(std::vector<std::string>& command, const std::filesystem::path& path) {
  std::error_code error;
  if (std::filesystem::is_symlink(path, error)) {
    command.insert(command.end(), {"--symlink", std::filesystem::read_symlink(path).string(), path.string()});
  } else if (std::filesystem::exists(path, error)) {
    command.insert(command.end(), {"--ro-bind", path.string(), path.string()});
  }
}

}  // namespace

std::vector<std::string> BubblewrapCommand(const std::filesystem::path& bubblewrap, const SandboxPolicy& policy,
                                           const std::filesystem::path& program,
                                           const std::vector<std::string>& arguments) {
  std::vector<std::string> command = {
      bubblewrap.string(), "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
      "--unshare-cgroup-try", "--disable-userns", "--die-with-parent", "--new-session",
      "--json-status-fd", std::to_string(kBubblewrapStatusFd),
      "--proc", "/proc", "--dev", "/dev", "--size", std::to_string(policy.tmpBytes), "--tmpfs", "/tmp"};
  for (const auto& path : policy.systemPaths) AddSystemPath(command, path);
  for (const auto& path : policy.readOnlyPaths) command.insert(command.end(), {"--ro-bind", path.string(), path.string()});
  const std::string work = policy.workDirectory.string();
  command.insert(command.end(), {"--bind", work, work, "--chdir", work});
  // After the work directory, so that a program kept inside it stays read-only.
  command.insert(command.end(), {"--ro-bind", program.string(), program.string(), "--", program.string()});
  command.insert(command.end(), arguments.begin(), arguments.end());
  return command;
}

std::optional<std::filesystem::path> FindBubblewrap() {
  const char* path = std::getenv("PATH");
  std::istringstream directories(path ? path : "/usr/bin:/bin");
  for (std::string directory; std::getline(directories, directory, ':');) {
    const auto candidate = std::filesystem::path(directory) / "bwrap";
    if (!directory.empty() && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

}  // namespace akgen::bench
