#include "bench/runner/runner_protocol.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace akgen::bench {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ParamSignature, name, paramType, dataTypes, valueDepend)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(AttrSignature, name, kind, required)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(OpSignature, opType, inputs, outputs, attrs)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TensorArgument, shape, dataType, file, writeBack, zeroFilled)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ParamArgument, name, tensors, dynamic, valueDepend)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TilingOutcome, blockDim, tilingKey, workspaceSizes, tilingData, computedShapesBytes,
                                   tilingLayout)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(AttrArgument, name, kind, value)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RunnerDiagnostic, kind, severity, file, line, api, block, message)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LaunchTiming, microseconds, cycles, bound, profile)

namespace {

using nlohmann::json;

// An absent optional value is spelled null.
template <typename T>
json OptionalToJson(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}
template <typename T>
std::optional<T> OptionalFromJson(const json& value) {
  if (value.is_null()) return std::nullopt;
  return value.get<T>();
}

SyncMode SyncModeFromJson(const json& text) {
  const std::optional<SyncMode> mode = ParseSyncMode(text.get<std::string>());
  if (!mode) throw std::runtime_error("unknown sync mode " + text.dump() + "; use auto or strict");
  return *mode;
}

RunnerStatus ParseStatus(const std::string& text) {
  for (RunnerStatus status : {RunnerStatus::Ok, RunnerStatus::TilingError, RunnerStatus::SimError})
    if (text == ToString(status)) return status;
  throw std::runtime_error("unknown runner status \"" + text + "\"");
}

// nlohmann's errors name the key but not the document; say which one.
template <typename Parse>
auto ParseDocument(const char* document, Parse parse) {
  try {
    return parse();
  } catch (const json::exception& error) {
    throw std::runtime_error(std::string(document) + ": " + error.what());
  }
}

}  // namespace

const char* ToString(SyncMode mode) { return mode == SyncMode::Strict ? "strict" : "auto"; }

std::optional<SyncMode> ParseSyncMode(const std::string& text) {
  for (SyncMode mode : {SyncMode::Auto, SyncMode::Strict})
    if (text == ToString(mode)) return mode;
  return std::nullopt;
}

const char* ToString(RunnerStatus status) {
  switch (status) {
    case RunnerStatus::Ok:
      return "ok";
    case RunnerStatus::TilingError:
      return "tiling_error";
    case RunnerStatus::SimError:
      return "sim_error";
  }
  return "?";
}

json ToJson(const DescribeResult& result) {
  return {{"registeredOps", result.registeredOps},
          {"op", OptionalToJson(result.op)},
          {"prelude", result.prelude},
          {"error", result.error}};
}

json ToJson(const RunnerRequest& request) {
  return {{"opType", request.opType},         {"kernelName", request.kernelName},
          {"inputs", request.inputs},         {"outputs", request.outputs},
          {"attrs", request.attrs},           {"syncMode", ToString(request.syncMode)},
          {"timingOnly", request.timingOnly}, {"tilingOnly", request.tilingOnly}};
}

json ToJson(const TilingOutcome& tiling) { return tiling; }

json ToJson(const RunnerResult& result) {
  return {{"status", ToString(result.status)}, {"message", result.message},
          {"blockDim", result.blockDim},       {"tilingKey", result.tilingKey},
          {"diagnostics", result.diagnostics}, {"timing", OptionalToJson(result.timing)}};
}

DescribeResult DescribeResultFromJson(const json& document) {
  return ParseDocument(kDescribeResultFile, [&] {
    return DescribeResult{document.at("registeredOps"), OptionalFromJson<OpSignature>(document.at("op")),
                          document.at("prelude"), document.at("error")};
  });
}

RunnerRequest RunnerRequestFromJson(const json& document) {
  return ParseDocument(kRunnerRequestFile, [&] {
    return RunnerRequest{document.at("opType"),
                         document.at("kernelName"),
                         document.at("inputs"),
                         document.at("outputs"),
                         document.at("attrs"),
                         SyncModeFromJson(document.at("syncMode")),
                         document.at("timingOnly").get<bool>(),
                         document.at("tilingOnly").get<bool>()};
  });
}

TilingOutcome TilingOutcomeFromJson(const json& document) {
  return ParseDocument(kRunnerTilingFile, [&] { return document.get<TilingOutcome>(); });
}

RunnerResult RunnerResultFromJson(const json& document) {
  return ParseDocument(kRunnerResultFile, [&] {
    return RunnerResult{ParseStatus(document.at("status")),
                        document.at("message"),
                        document.at("blockDim"),
                        document.at("tilingKey"),
                        document.at("diagnostics"),
                        OptionalFromJson<LaunchTiming>(document.at("timing"))};
  });
}

json ReadJsonFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path.string() + ": cannot open");
  try {
    return json::parse(in);
  } catch (const json::exception& error) {
    throw std::runtime_error(path.string() + ": " + error.what());
  }
}

// A system error, so the harness can tell a full disk (the machine's fault) from a candidate's doing.
void WriteJsonFile(const std::filesystem::path& path, const json& document) {
  std::ofstream out(path);
  out << document.dump(2) << "\n";
  out.flush();
  if (!out) throw std::system_error(errno, std::generic_category(), path.string() + ": cannot write");
}

void StoreJsonAtomically(const std::filesystem::path& path, const json& document) {
  static std::atomic<unsigned> counter{0};
  const std::filesystem::path temporary =
      path.string() + ".tmp-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  WriteJsonFile(temporary, document);
  std::filesystem::rename(temporary, path);
}

std::string Describe(const RunnerDiagnostic& diagnostic) {
  std::string text = diagnostic.kind + ": " + diagnostic.message;
  if (diagnostic.file.empty()) return text;
  text += " (at " + diagnostic.file + ":" + std::to_string(diagnostic.line);
  if (!diagnostic.api.empty()) text += " in " + diagnostic.api;
  if (diagnostic.block >= 0) text += ", block " + std::to_string(diagnostic.block);
  return text + ")";
}

}  // namespace akgen::bench
