// What a sandboxed candidate may see and use: one writable work directory, read-only system
// files, no network, hidden golden outputs and reference answers, and resource limits.
#pragma once
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace akgen::bench {

// Limits applied to the sandboxed process and everything it starts.
struct ResourceLimits {
  double wallSeconds = 120;                           // the harness kills the whole sandbox after this
  unsigned cpuSeconds = 60;                           // RLIMIT_CPU: SIGXCPU, then SIGKILL one second later
  std::uint64_t addressSpaceBytes = 4ull << 30;       // RLIMIT_AS; a 48-block launch maps 384 MiB of fiber stacks
  std::uint64_t fileSizeBytes = 1ull << 30;           // RLIMIT_FSIZE: SIGXFSZ on a larger write
  unsigned processes = 64;                            // RLIMIT_NPROC, counted for the sandbox user
};

enum class Isolation {
  Automatic,          // bubblewrap when it works on this machine, otherwise ProcessGroupOnly with a warning
  Bubblewrap,         // namespaces and binds; fails when bubblewrap cannot run
  ProcessGroupOnly,   // rlimits, an unprivileged user and a process group: no file-system or network isolation
};

struct SandboxPolicy {
  // The only writable path; bound read-write at the same path and the working directory of the
  // program. When the harness runs as root it is handed (recursively) to `sandboxUid`.
  std::filesystem::path workDirectory;
  // What a dynamically linked g++ binary needs: the dynamic loader and libraries under /usr (with
  // /lib, /lib64 and /bin as the host has them: symlinks or directories) and the loader cache.
  std::vector<std::filesystem::path> systemPaths = {"/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache"};
  // More read-only paths the program needs. The program file itself is always bound.
  std::vector<std::filesystem::path> readOnlyPaths;
  // Golden outputs and reference answers: never bound. A bound path that contains one of these, or
  // lies inside one, is a configuration error.
  std::vector<std::filesystem::path> hiddenPaths;
  // Host environment variables whose names start with one of these pass through; all others are
  // cleared (PATH, HOME and TMPDIR are set to fixed values).
  // The simulator's settings and the SoC it models (AKGEN_SOC, whose core count the tiling reads).
  std::vector<std::string> passedEnvironmentPrefixes = {"AKGEN_SIM_", "AKGEN_SOC="};
  ResourceLimits limits;
  std::size_t outputCapBytes = 1u << 20;               // per stream; the rest is read and dropped
  std::uint64_t tmpBytes = 64u << 20;                  // size of the private tmpfs on /tmp
  // When the harness runs as root the sandbox runs as this user: the kernel does not enforce
  // RLIMIT_NPROC for root, and the count is per user, so parallel sandboxes should use distinct uids.
  uid_t sandboxUid = 65534;
  Isolation isolation = Isolation::Automatic;
};

// Throws std::invalid_argument naming the paths when a bound path would expose a hidden one, or
// when the work directory or the program is not an absolute path to an existing directory or file.
void ValidateSandboxPolicy(const SandboxPolicy& policy, const std::filesystem::path& program);

}  // namespace akgen::bench
