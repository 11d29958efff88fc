#include "bench/oracle/golden_cache.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <system_error>

#include "bench/cache/cache_entry.h"
#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/oracle/oracle_error.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// Files of a validation folder that decide inputs, golden outputs and the recorded op call
// (test_cases.csv decides how pandas would type the row's columns).
constexpr const char* kValidationFiles[] = {"module.py", "prepare_inputs.py", "pybind.cpp", "test_cases.csv"};

// The oracle's files that decide a golden's bytes. The fork server only starts the steps (each in a
// process of its own), so a change to it keeps every cached golden.
std::vector<fs::path> OracleSources(const fs::path& packageDir) {
  std::vector<fs::path> sources;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(packageDir / "akgen_oracle", error))
    if (const fs::path extension = entry.path().extension();
        (extension == ".py" || extension == ".hpp" || extension == ".json") && entry.path().filename() != "fork_server.py")
      sources.push_back(entry.path());
  std::sort(sources.begin(), sources.end());
  return sources;
}

}  // namespace

std::string GoldenCacheKey(const OracleRequest& request, const fs::path& packageDir) {
  ContentHash hash;
  hash.Add("akgen-oracle-cache-v2");
  hash.Add(fs::absolute(request.validationDir).lexically_normal().string());
  hash.Add(request.opName);
  hash.Add(request.kernelName);
  hash.Add(request.timingOnly ? "timing-only" : "golden");
  if (request.referenceFile.empty()) {
    for (const char* name : kValidationFiles) hash.Add(ReadFileText(request.validationDir / name));
  } else {  // a grouped task reads its cases from the sibling JSON
    fs::path cases = request.referenceFile;
    cases.replace_extension(".json");
    for (const fs::path& file : {request.referenceFile, cases}) {
      hash.Add(file.filename().string());
      hash.Add(ReadFileText(file));
    }
    hash.Add("max-elements " + std::to_string(request.maxElements));
    hash.Add(request.paperShapes ? "paper shapes" : "task shapes");
  }
  for (const fs::path& source : OracleSources(packageDir)) {
    hash.Add(source.filename().string());
    hash.Add(ReadFileText(source));
  }
  for (const auto& [column, value] : request.caseRow) {
    hash.Add(column);
    hash.Add(value);
  }
  hash.Add(std::to_string(request.seed));
  return hash.Hex();
}

GoldenCache::GoldenCache(fs::path cacheDir, std::string key) : finalDir_(std::move(cacheDir) / std::move(key)) {}

std::optional<fs::path> GoldenCache::Find() const {
  if (UseCacheEntry(finalDir_, kManifestFileName)) return finalDir_;
  return std::nullopt;
}

fs::path GoldenCache::StartEntry() const {
  static std::atomic<unsigned> counter{0};
  const fs::path staging =
      finalDir_.string() + ".partial-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  std::error_code error;
  fs::remove_all(staging, error);
  fs::create_directories(staging, error);
  if (error) {
    ThrowIfMachineFault(std::system_error(error, staging.string()), "creating the oracle's output folder");
    throw OracleError(staging.string() + ": cannot create the oracle's output folder: " + error.message());
  }
  return staging;
}

fs::path GoldenCache::Publish(const fs::path& staging) const {
  std::error_code error;
  fs::rename(staging, finalDir_, error);
  if (error) {
    fs::remove_all(staging, error);  // another run published the same key first; its folder is equivalent
    if (!Find()) throw OracleError(finalDir_.string() + ": cannot publish the oracle's output folder");
  }
  return finalDir_;
}

}  // namespace akgen::bench
