// A child process in its own process group, with rlimits set before exec, its output captured up
// to a cap, and a wall-clock limit after which the whole group is killed. This is the part of the
// sandbox that works everywhere; bubblewrap adds namespaces on top of it.
#pragma once
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/sandbox/sandbox_policy.h"
#include "bench/sandbox/sandbox_result.h"

namespace akgen::bench {

struct ContainedLaunch {
  std::vector<std::string> argv;         // argv[0] is the path of the executable
  std::vector<std::string> environment;  // the complete environment, NAME=value
  std::filesystem::path workingDirectory;
  ResourceLimits limits;
  std::optional<uid_t> runAsUid;         // uid and gid switched to before exec (needs root)
  std::size_t outputCapBytes = 1u << 20;
};

// The wait status and usage of the direct child; what fd 3 received is returned too, because
// bubblewrap reports its status there.
struct ContainedExit {
  int waitStatus = 0;
  bool timedOut = false;
  double wallSeconds = 0;
  double cpuSeconds = 0;
  long peakRssKiB = 0;
  CapturedOutput standardOutput;
  CapturedOutput standardError;
  std::string statusChannel;
};

// Runs the launch to its end. Throws std::runtime_error when the child cannot be set up (naming the
// step, e.g. "setuid(65534): Operation not permitted") or the executable cannot be started.
ContainedExit RunContained(const ContainedLaunch& launch);

}  // namespace akgen::bench
