// The bubblewrap (bwrap) command line that runs a program under a SandboxPolicy.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/sandbox/sandbox_policy.h"

namespace akgen::bench {

// bwrap reports `{"child-pid": N}` (the host PID of the sandbox's PID-namespace init) on this fd.
constexpr int kBubblewrapStatusFd = 3;

// New user, PID, network, IPC, UTS and cgroup namespaces; the system paths, the read-only paths and
// the program bound read-only at their host paths, the work directory read-write; a fresh /proc,
// a minimal /dev and a private /tmp; the sandbox dies with the harness and has its own session.
std::vector<std::string> BubblewrapCommand(const std::filesystem::path& bubblewrap, const SandboxPolicy& policy,
                                           const std::filesystem::path& program,
                                           const std::vector<std::string>& arguments);

// The first `bwrap` on PATH.
std::optional<std::filesystem::path> FindBubblewrap();

}  // namespace akgen::bench
