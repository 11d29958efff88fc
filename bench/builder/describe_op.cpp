#include "bench/builder/describe_op.h"

#include "bench/common/content_hash.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

std::string JoinTypes(const std::vector<std::string>& types) {
  std::string joined;
  for (const std::string& type : types) joined += (joined.empty() ? "" : ",") + type;
  return joined;
}

}  // namespace

DescribeRun DescribeInSandbox(const HostBuild& host, SandboxPolicy policy, const std::string& preferredOpType,
                              const std::vector<std::string>& inputTypes, const std::vector<std::string>& outputTypes) {
  std::vector<std::string> arguments = {preferredOpType};
  if (!inputTypes.empty() || !outputTypes.empty()) arguments.insert(arguments.end(), {JoinTypes(inputTypes), JoinTypes(outputTypes)});
  ContentHash key;
  for (const std::string& argument : arguments) key.Add(argument);
  const fs::path cached = host.directory / ("describe-" + key.Hex() + ".json");
  DescribeRun run;
  if (fs::exists(cached)) {
    run.result = DescribeResultFromJson(ReadJsonFile(cached));
    return run;
  }
  const SandboxResult sandbox = RunInSandbox(policy, host.program, arguments);
  run.sandbox = Classify(sandbox);
  run.stderrText = sandbox.standardError.text;
  if (run.sandbox.verdict == SandboxVerdict::Ok) {
    const nlohmann::json document = ReadJsonFile(policy.workDirectory / kDescribeResultFile);
    run.result = DescribeResultFromJson(document);
    StoreJsonAtomically(cached, document);
  }
  return run;
}

}  // namespace akgen::bench
