#include "serve/reward.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace akgen::serve {
namespace {

double NumberField(const nlohmann::json& json, const char* field, double fallback) {
  if (!json.contains(field)) return fallback;
  const nlohmann::json& value = json.at(field);
  if (!value.is_number() || !std::isfinite(value.get<double>()))
    throw std::invalid_argument(std::string("reward.") + field + " must be a finite number, not " + value.dump());
  return value.get<double>();
}

}  // namespace

Reward ComputeReward(const bench::UnitOutcome& unit, const RewardWeights& weights) {
  Reward reward;
  if (unit.compiled) reward.compileTerm = weights.compile;
  if (unit.correct) {
    reward.correctTerm = weights.correct;
    reward.speedup = bench::Speedup(unit.timing, weights.baseline);
    if (reward.speedup && *reward.speedup > 0) {
      const double fraction = std::log2(*reward.speedup) / std::log2(weights.speedupCap);
      reward.speedTerm = weights.speed * std::clamp(fraction, 0.0, 1.0);
    }
  }
  if (unit.failsOnlyExtraCases) reward.penalty = weights.hardcodePenalty;
  reward.total = reward.compileTerm + reward.correctTerm + reward.speedTerm - reward.penalty;
  return reward;
}

RewardWeights RewardWeightsFromJson(const nlohmann::json& json, RewardWeights defaults) {
  if (!json.is_object()) throw std::invalid_argument("reward must be an object of weights, not " + json.dump());
  static const char* const kFields[] = {"compile", "correct", "speed", "speedup_cap", "hardcode_penalty", "baseline"};
  for (const auto& [key, value] : json.items()) {
    if (std::find(std::begin(kFields), std::end(kFields), key) == std::end(kFields))
      throw std::invalid_argument("reward." + key +
                                  " is not a weight: use compile, correct, speed, speedup_cap, hardcode_penalty "
                                  "or baseline");
  }
  RewardWeights weights = defaults;
  weights.compile = NumberField(json, "compile", defaults.compile);
  weights.correct = NumberField(json, "correct", defaults.correct);
  weights.speed = NumberField(json, "speed", defaults.speed);
  weights.speedupCap = NumberField(json, "speedup_cap", defaults.speedupCap);
  weights.hardcodePenalty = NumberField(json, "hardcode_penalty", defaults.hardcodePenalty);
  if (weights.speedupCap <= 1)
    throw std::invalid_argument("reward.speedup_cap must be above 1 (the speedup that earns the whole speed weight)");
  if (json.contains("baseline")) {
    const nlohmann::json& baseline = json.at("baseline");
    if (baseline == "eager") {
      weights.baseline = bench::Baseline::Eager;
    } else if (baseline == "reference") {
      weights.baseline = bench::Baseline::Reference;
    } else {
      throw std::invalid_argument("reward.baseline must be \"eager\" (PyTorch eager, modelled) or \"reference\" "
                                  "(the task's answer, simulated), not " + baseline.dump());
    }
  }
  return weights;
}

nlohmann::ordered_json ToJson(const RewardWeights& weights) {
  return {{"compile", weights.compile},
          {"correct", weights.correct},
          {"speed", weights.speed},
          {"speedup_cap", weights.speedupCap},
          {"hardcode_penalty", weights.hardcodePenalty},
          {"baseline", bench::ToString(weights.baseline)}};
}

nlohmann::ordered_json ToJson(const Reward& reward) {
  nlohmann::ordered_json json = {{"total", reward.total},
                                 {"compile", reward.compileTerm},
                                 {"correct", reward.correctTerm},
                                 {"speed", reward.speedTerm},
                                 {"penalty", reward.penalty}};
  json["speedup"] = reward.speedup ? nlohmann::ordered_json(*reward.speedup) : nlohmann::ordered_json(nullptr);
  return json;
}

}  // namespace akgen::serve
