#include "bench/oracle/oracle.h"

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "bench/oracle/golden_cache.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_process.h"
#include "bench/task/task.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr int kCaseCannotRunStatus = 3;  // akgen_oracle.task_files.CASE_CANNOT_RUN_STATUS

std::string CaseJson(const CaseRow& row) {
  nlohmann::ordered_json object = nlohmann::ordered_json::object();
  for (const auto& [column, value] : row) object[column] = value;
  return object.dump();
}

std::string CaseLabel(const OracleRequest& request) {
  for (const auto& [column, value] : request.caseRow)
    if (column == "case_id") return "case " + value;
  return "case " + CaseJson(request.caseRow);
}

// The verdict line comes last; task code may print before it.
std::string LastLine(const std::string& out) {
  const size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  const size_t newline = out.rfind('\n', end);
  const size_t start = newline == std::string::npos ? 0 : newline + 1;
  return out.substr(start, end + 1 - start);
}

void ThrowIfFailed(const PythonRun& result, const OracleConfig& config, const OracleRequest& request,
                   std::string_view what) {
  const fs::path& task = request.referenceFile.empty() ? request.validationDir : request.referenceFile;
  const std::string where = task.string() + " " + CaseLabel(request) + ": ";
  if (result.timedOut)
    throw OracleError(where + std::string(what) + " timed out after " + std::to_string(config.timeout.count()) + " s");
  if (result.signal != 0)
    throw OracleError(where + std::string(what) + " killed by signal " + std::to_string(result.signal));
  if (result.exitCode == kCaseCannotRunStatus)
    throw CaseCannotRun(Diagnosis(result.err) + " (" + where + std::string(what) + ")");
  if (result.exitCode != 0) throw OracleError(Diagnosis(result.err) + " (" + where + std::string(what) + ")");
}

// `arguments` plus how the oracle scripts find and build the task's pybind.cpp
// (akgen_oracle.pybind_module).
std::vector<std::string> WithBindingArguments(std::vector<std::string> arguments, const OracleConfig& config,
                                              const OracleRequest& request) {
  arguments.insert(arguments.end(), {"--op-name", request.opName, "--snake-name", request.kernelName, "--pybind-cache",
                                     config.pybindCacheDir.string()});
  return arguments;
}

std::vector<std::string> OracleArguments(const OracleConfig& config, const OracleRequest& request,
                                         const fs::path& outDir) {
  std::vector<std::string> arguments{"--case", CaseJson(request.caseRow), "--seed", std::to_string(request.seed),
                                     "--out", outDir.string()};
  if (request.timingOnly) arguments.push_back("--timing-only");
  if (!request.referenceFile.empty()) {
    arguments.insert(arguments.end(), {"--reference-file", request.referenceFile.string(), "--max-elements",
                                       std::to_string(request.maxElements), "--shapes",
                                       request.paperShapes ? "paper" : "task"});
    return arguments;
  }
  arguments.insert(arguments.end(), {"--validation-dir", request.validationDir.string()});
  return WithBindingArguments(std::move(arguments), config, request);
}

}  // namespace

OracleConfig OracleConfigFromEnvironment(fs::path packageDir, fs::path cacheDir) {
  OracleConfig config;
  if (const char* python = std::getenv("AKGEN_PYTHON"); python != nullptr && *python != '\0') config.python = python;
  config.packageDir = std::move(packageDir);
  config.cacheDir = std::move(cacheDir);
  const char* pybindCache = std::getenv("AKGEN_PYBIND_CACHE");
  config.pybindCacheDir =
      pybindCache != nullptr && *pybindCache != '\0' ? fs::path(pybindCache) : config.cacheDir / "pybind-modules";
  return config;
}

OracleRequest OracleRequestFor(const Task& task, const TestCase& testCase, uint64_t seed, bool timingOnly,
                               MkbShapes shapes) {
  OracleRequest request;
  request.validationDir = task.files.module.parent_path();
  request.seed = seed;
  request.opName = task.opName;
  request.kernelName = task.kernelName;
  request.timingOnly = timingOnly;
  for (const std::string& column : task.caseColumns) request.caseRow.emplace_back(column, testCase.values.at(column));
  if (task.format == TaskFormat::MultiKernelBench) {
    request.referenceFile = task.files.module;
    request.maxElements = shapes.maxElements;
    request.paperShapes = shapes.paper;
  }
  return request;
}

GoldenCase ProduceGolden(const OracleConfig& config, const OracleRequest& request) {
  const GoldenCache cache(config.cacheDir, GoldenCacheKey(request, config.packageDir));
  if (const auto cached = cache.Find()) return {*cached, ReadManifest(*cached), true};
  const fs::path staging = cache.StartEntry();
  const PythonRun result =
      RunOracleModule(config, "akgen_oracle.oracle", OracleArguments(config, request, staging));
  if (!result.Succeeded()) {
    std::error_code ignored;
    fs::remove_all(staging, ignored);
    ThrowIfFailed(result, config, request, "reference run");
  }
  const fs::path dir = cache.Publish(staging);
  return {dir, ReadManifest(dir), false};
}

void ReplayCandidateOutputs(const OracleConfig& config, const OracleRequest& request, const fs::path& goldenDir,
                            const fs::path& runDir) {
  const PythonRun result =
      RunOracleModule(config, "akgen_oracle.replay",
                      WithBindingArguments({"--validation-dir", request.validationDir.string(), "--golden",
                                            goldenDir.string(), "--run-dir", runDir.string()},
                                           config, request));
  ThrowIfFailed(result, config, request, "replaying ModelNew on the candidate's results");
}

CustomVerdict RunCustomCheck(const OracleConfig& config, const OracleRequest& request, const fs::path& goldenDir,
                             const fs::path& candidateDir) {
  const PythonRun result =
      RunOracleModule(config, "akgen_oracle.check",
                      {"--validation-dir", request.validationDir.string(), "--case", CaseJson(request.caseRow),
                       "--golden", goldenDir.string(), "--candidate", candidateDir.string()});
  ThrowIfFailed(result, config, request, "custom_check_precision");
  try {
    const auto verdict = nlohmann::json::parse(LastLine(result.out));
    return {verdict.at("pass").get<bool>(), JsonNumber(verdict.at("abs_diff")), JsonNumber(verdict.at("rel_diff"))};
  } catch (const nlohmann::json::exception& error) {
    throw OracleError("akgen_oracle.check printed an unreadable verdict '" + result.out + "': " + error.what());
  }
}

}  // namespace akgen::bench
