#include "bench/oracle/oracle.h"

#include <unistd.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/oracle/golden_cache.h"
#include "bench/oracle/oracle_error.h"
#include "bench/sandbox/contained_process.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMessagePrefix = "akgen_oracle: ";
constexpr size_t kTracebackLines = 15;
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

// The oracle's own diagnosis when it gave one (it may span lines, e.g. compiler errors), else the
// end of the python traceback.
std::string Diagnosis(const std::string& err) {
  const size_t start = err.starts_with(kMessagePrefix) ? 0 : err.find("\n" + std::string(kMessagePrefix));
  if (start != std::string::npos) {
    std::string message = err.substr(err.find(kMessagePrefix, start) + kMessagePrefix.size());
    return message.substr(0, message.find_last_not_of('\n') + 1);
  }
  std::istringstream lines(err);
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  std::string tail;
  for (size_t i = all.size() > kTracebackLines ? all.size() - kTracebackLines : 0; i < all.size(); ++i)
    tail += "\n  " + all[i];
  return "python failed:" + (tail.empty() ? std::string(" (no output)") : tail);
}

// The verdict line comes last; task code may print before it.
std::string LastLine(const std::string& out) {
  const size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  const size_t newline = out.rfind('\n', end);
  const size_t start = newline == std::string::npos ? 0 : newline + 1;
  return out.substr(start, end + 1 - start);
}

// The reference code is trusted benchmark content, so it runs without the sandbox's limits; only
// the wall-clock limit and the process-group kill apply.
struct PythonRun {
  int exitCode = -1;  // -1 when killed by a signal
  int signal = 0;
  bool timedOut = false;
  std::string out;
  std::string err;
  bool Succeeded() const { return exitCode == 0 && !timedOut; }
};

fs::path ResolveProgram(const fs::path& program) {
  if (program.has_parent_path()) return program;
  const char* path = std::getenv("PATH");
  std::istringstream directories(path ? path : "");
  for (std::string directory; std::getline(directories, directory, ':');) {
    const fs::path candidate = fs::path(directory) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return program;
}

std::vector<std::string> EnvironmentWith(std::vector<std::string> overrides) {
  std::vector<std::string> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string_view variable(*entry);
    const std::string_view name = variable.substr(0, variable.find('='));
    const bool overridden = std::ranges::any_of(overrides, [&](const std::string& value) {
      return value.starts_with(name) && value.size() > name.size() && value[name.size()] == '=';
    });
    if (!overridden) environment.emplace_back(variable);
  }
  environment.insert(environment.end(), overrides.begin(), overrides.end());
  return environment;
}

PythonRun RunOracleModule(const OracleConfig& config, const std::string& module, std::vector<std::string> arguments) {
  if (!fs::exists(config.packageDir / "akgen_oracle" / "oracle.py"))
    throw OracleError(
        "'" + config.packageDir.string() +
        "' holds no akgen_oracle package; point OracleConfig::packageDir at the repository's python/ folder");
  ContainedLaunch launch;
  launch.argv = {ResolveProgram(config.python).string(), "-m", module};
  launch.argv.insert(launch.argv.end(), arguments.begin(), arguments.end());
  launch.environment = EnvironmentWith({"PYTHONPATH=" + config.packageDir.string(), "PYTHONDONTWRITEBYTECODE=1"});
  launch.workingDirectory = fs::current_path();
  launch.limits = {double(config.timeout.count()), 1u << 30, ~0ull, ~0ull, 1u << 20};
  launch.outputCapBytes = 16u << 20;
  ContainedExit exit;
  try {
    exit = RunContained(launch);
  } catch (const std::runtime_error& error) {
    throw OracleError("cannot start " + config.python.string() + " for the oracle: " + error.what() +
                      "; set AKGEN_PYTHON to a python3 with torch (Debian: /usr/bin/python3 with python3-torch)");
  }
  PythonRun run;
  run.timedOut = exit.timedOut;
  if (WIFEXITED(exit.waitStatus)) run.exitCode = WEXITSTATUS(exit.waitStatus);
  if (WIFSIGNALED(exit.waitStatus)) run.signal = WTERMSIG(exit.waitStatus);
  run.out = std::move(exit.standardOutput.text);
  run.err = std::move(exit.standardError.text);
  return run;
}

void ThrowIfFailed(const PythonRun& result, const OracleConfig& config, const OracleRequest& request,
                   std::string_view what) {
  const std::string where = request.validationDir.string() + " " + CaseLabel(request) + ": ";
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

std::vector<std::string> OracleArguments(const OracleRequest& request, const fs::path& outDir) {
  std::vector<std::string> arguments{"--validation-dir", request.validationDir.string(), "--case", CaseJson(request.caseRow),
                                     "--seed", std::to_string(request.seed), "--out", outDir.string()};
  if (request.timingOnly) arguments.push_back("--timing-only");
  return arguments;
}

}  // namespace

OracleConfig OracleConfigFromEnvironment(fs::path packageDir, fs::path cacheDir) {
  OracleConfig config;
  if (const char* python = std::getenv("AKGEN_PYTHON"); python != nullptr && *python != '\0') config.python = python;
  config.packageDir = std::move(packageDir);
  config.cacheDir = std::move(cacheDir);
  config.pybindCacheDir = config.cacheDir / "pybind-modules";
  return config;
}

GoldenCase ProduceGolden(const OracleConfig& config, const OracleRequest& request) {
  const GoldenCache cache(config.cacheDir, GoldenCacheKey(request, config.packageDir));
  if (const auto cached = cache.Find()) return {*cached, ReadManifest(*cached), true};
  const fs::path staging = cache.StartEntry();
  const PythonRun result =
      RunOracleModule(config, "akgen_oracle.oracle",
                      WithBindingArguments(OracleArguments(request, staging), config, request));
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
