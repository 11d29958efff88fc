#include "bench/results/run_description.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "bench/runner/runner_protocol.h"

namespace akgen::bench {

namespace fs = std::filesystem;

void WriteRunDescription(const RunDescription& description, const fs::path& outDir) {
  nlohmann::ordered_json json;
  json["suite"] = description.suite.string();
  json["solutions"] = description.solutions;
  json["shape_mode"] = ToString(description.shapeMode);
  json["seed"] = description.seed;
  json["extra_cases"] = description.extraCases;
  json["timing_only"] = description.timingOnly;
  json["shard"] = description.shard;
  StoreJsonAtomically(outDir / kRunDescriptionFile, json);
}

RunDescription ReadRunDescription(const fs::path& outDir) {
  const fs::path file = outDir / kRunDescriptionFile;
  if (!fs::exists(file))
    throw std::runtime_error(file.string() +
                             ": missing; it is written by `akgen eval` when it starts, so run the evaluation's command "
                             "again (it resumes, judging nothing twice) to write it");
  const nlohmann::json json = ReadJsonFile(file);
  try {
    RunDescription description;
    description.suite = json.at("suite").get<std::string>();
    description.solutions = json.at("solutions").get<std::string>();
    const std::optional<ShapeMode> mode = ParseShapeMode(json.at("shape_mode").get<std::string>());
    if (!mode) throw std::invalid_argument("shape_mode is neither static nor dynamic");
    description.shapeMode = *mode;
    description.seed = json.at("seed").get<uint64_t>();
    description.extraCases = json.at("extra_cases").get<int>();
    description.timingOnly = json.at("timing_only").get<bool>();
    description.shard = json.value("shard", "0/1");  // written before sharding existed: the whole run
    return description;
  } catch (const std::exception& error) {
    throw std::runtime_error(file.string() + ": not a run description (" + error.what() + ")");
  }
}

}  // namespace akgen::bench
