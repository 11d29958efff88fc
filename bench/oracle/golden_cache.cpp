#include "bench/oracle/golden_cache.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <system_error>

#include "bench/oracle/oracle_error.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// Files of a validation folder that decide inputs and golden outputs (test_cases.csv decides how
// pandas would type the row's columns).
constexpr const char* kValidationFiles[] = {"module.py", "prepare_inputs.py", "test_cases.csv"};

// FNV-1a, 64 bit: stable across runs and platforms, which std::hash is not.
class Fnv1a {
 public:
  void Add(std::string_view text) {
    for (unsigned char c : text) hash_ = (hash_ ^ c) * 0x100000001b3ULL;
    hash_ = (hash_ ^ 0xffU) * 0x100000001b3ULL;  // field separator, so "ab"+"c" differs from "a"+"bc"
  }
  std::string Hex() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
    return text;
  }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ULL;
};

std::string FileContent(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};  // "" when absent
}

std::vector<fs::path> OracleSources(const fs::path& packageDir) {
  std::vector<fs::path> sources;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(packageDir / "akgen_oracle", error))
    if (entry.path().extension() == ".py") sources.push_back(entry.path());
  std::sort(sources.begin(), sources.end());
  return sources;
}

}  // namespace

std::string GoldenCacheKey(const OracleRequest& request, const fs::path& packageDir) {
  Fnv1a hash;
  hash.Add("akgen-oracle-cache-v1");
  hash.Add(fs::absolute(request.validationDir).lexically_normal().string());
  for (const char* name : kValidationFiles) hash.Add(FileContent(request.validationDir / name));
  for (const fs::path& source : OracleSources(packageDir)) {
    hash.Add(source.filename().string());
    hash.Add(FileContent(source));
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
  if (fs::exists(finalDir_ / kManifestFileName)) return finalDir_;
  return std::nullopt;
}

fs::path GoldenCache::StartEntry() const {
  static std::atomic<unsigned> counter{0};
  const fs::path staging =
      finalDir_.string() + ".partial-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  std::error_code error;
  fs::remove_all(staging, error);
  fs::create_directories(staging, error);
  if (error) throw OracleError(staging.string() + ": cannot create the oracle's output folder: " + error.message());
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
