// Runs an untrusted program (a candidate's runner binary) so that it cannot escape, read golden
// outputs or reference answers, use the network, or hang the harness.
//
// With bubblewrap the program sees only the policy's paths (see BubblewrapCommand), lives in its own
// user, PID and network namespaces, and dies with its sandbox: when the wall-clock limit expires the
// harness kills bubblewrap's process group, the PID namespace's init dies with it, and the kernel
// kills everything left in the namespace before RunInSandbox returns.
//
// Without bubblewrap (not installed, or no user namespaces, as in some CI containers) the program
// runs directly, with the same rlimits, environment and user, in its own process group that is
// killed at the end. That is weaker: it sees the host file system (hidden paths are protected only by
// file permissions), can use the network, and a child that calls setsid() escapes the group kill.
//
// As root, the program runs as `policy.sandboxUid` (the kernel ignores RLIMIT_NPROC for root), so
// the work directory is handed to that user, and the work directory's parents, the program and the
// read-only paths must be reachable by it (directories world-searchable, files world-readable).
#pragma once
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/sandbox/sandbox_policy.h"
#include "bench/sandbox/sandbox_result.h"

namespace akgen::bench {

// A path the sandbox user cannot reach (a folder under a 0700 directory): a fault of the machine's
// set-up, never of the program run in the sandbox.
class SandboxUnreachable : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Whether sandboxed programs run as users other than the harness's: as root they run as
// `SandboxPolicy::sandboxUid` (see above); otherwise as the harness's own user, who reaches its files.
bool SandboxRunsAsOtherUsers();

// Why the sandbox user `uid` cannot walk to `path` (and read it, if `needsRead`); nullopt when it can.
std::optional<std::string> SandboxReachProblem(const std::filesystem::path& path, uid_t uid, bool needsRead);

// Throws std::invalid_argument for a policy that would expose a hidden path, SandboxUnreachable for a
// path the sandbox user cannot reach, and std::runtime_error when the sandbox cannot be started.
SandboxResult RunInSandbox(const SandboxPolicy& policy, const std::filesystem::path& program,
                           const std::vector<std::string>& arguments);

struct BubblewrapAvailability {
  bool works = false;
  std::string reason;  // why not, e.g. the first line bwrap printed
};

// Tried once per process by running /usr/bin/true in a real sandbox.
const BubblewrapAvailability& CheckBubblewrap();

}  // namespace akgen::bench
