// Runs a host build's `describe` in the sandbox (OpDef constructors and static initialisers are
// candidate code): the op's declaration, and the kernel prelude for given dtypes. Successful
// answers are cached beside the host build.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/builder/candidate_build.h"
#include "bench/runner/runner_protocol.h"
#include "bench/sandbox/sandbox.h"

namespace akgen::bench {

struct DescribeRun {
  DescribeResult result;  // valid when the program finished (sandbox verdict Ok)
  SandboxClassification sandbox{SandboxVerdict::Ok, ""};
  std::string stderrText;
};

// `policy.workDirectory` must be an empty directory. Without dtypes only the op is described.
DescribeRun DescribeInSandbox(const HostBuild& host, SandboxPolicy policy, const std::string& preferredOpType,
                              const std::vector<std::string>& inputTypes = {},
                              const std::vector<std::string>& outputTypes = {});

}  // namespace akgen::bench
