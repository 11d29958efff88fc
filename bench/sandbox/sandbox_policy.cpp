#include "bench/sandbox/sandbox_policy.h"

#include <algorithm>
#include <stdexcept>

namespace akgen::bench {
namespace {

std::filesystem::path Resolved(const std::filesystem::path& path) {
  return std::filesystem::weakly_canonical(std::filesystem::absolute(path));
}

bool IsWithin(const std::filesystem::path& inner, const std::filesystem::path& outer) {
  auto [outerEnd, innerIt] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return outerEnd == outer.end();
}

void RequireHiddenStaysHidden(const std::filesystem::path& bound, const std::filesystem::path& hidden) {
  const auto boundPath = Resolved(bound);
  const auto hiddenPath = Resolved(hidden);
  if (IsWithin(hiddenPath, boundPath) || IsWithin(boundPath, hiddenPath)) {
    throw std::invalid_argument("sandbox: bound path " + boundPath.string() + " would expose hidden path " +
                                hiddenPath.string() + "; bind a narrower path or move the hidden files elsewhere");
  }
}

}  // namespace

void ValidateSandboxPolicy(const SandboxPolicy& policy, const std::filesystem::path& program) {
  if (!policy.workDirectory.is_absolute() || !std::filesystem::is_directory(policy.workDirectory)) {
    throw std::invalid_argument("sandbox: work directory '" + policy.workDirectory.string() +
                                "' must be an absolute path to an existing directory");
  }
  if (!program.is_absolute() || !std::filesystem::is_regular_file(program)) {
    throw std::invalid_argument("sandbox: program '" + program.string() + "' must be an absolute path to an existing file");
  }
  std::vector<std::filesystem::path> bound = policy.systemPaths;
  bound.insert(bound.end(), policy.readOnlyPaths.begin(), policy.readOnlyPaths.end());
  bound.push_back(policy.workDirectory);
  bound.push_back(program);
  for (const auto& hidden : policy.hiddenPaths) {
    for (const auto& path : bound) RequireHiddenStaysHidden(path, hidden);
  }
}

}  // namespace akgen::bench
