// How a generation run improved round by round: after each round, every sample's latest verdicts
// give the parse, compile and correctness rates, pass@k for each k ≤ n, and fast_p against the
// task's answer (`reference`) — what repair buys, read off one table (and OUT/rounds.json).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gen/generation/generate.h"

namespace akgen::gen {

std::string RoundTable(const std::vector<RoundMetrics>& rounds);
nlohmann::ordered_json RoundsJson(const std::vector<RoundMetrics>& rounds);

}  // namespace akgen::gen
