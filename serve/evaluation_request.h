// One candidate to judge, as a client sends it to `akgen serve` (docs/rl.md): the task, the model's
// raw response (in any answer format `akgen generate` parses) or the candidate's files, and how to
// judge it. The smallest request is {"suite": "builtin", "task": "level1/Math/Muls", "response": "…"}.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "bench/task/shape_mode.h"
#include "serve/reward.h"
#include "serve/suite_catalog.h"

namespace akgen::serve {

// Which answer format the response is in; Auto tries full, kernel-only, then DSL.
enum class ResponseFormat { Auto, Full, KernelOnly, Dsl };

struct EvaluationRequest {
  std::string suite = "builtin";
  std::string task;  // the task's key, whatever name the client used
  std::string response;
  std::string reasoning;  // searched for code only when the response holds none
  std::map<std::string, std::string> files;  // op_host/…, op_kernel/… → text; instead of a response
  ResponseFormat format = ResponseFormat::Auto;
  bench::ShapeMode shapeMode = bench::ShapeMode::Dynamic;
  int caseId = 0;  // static mode's case
  int extraCases = 1;  // cases drawn like the listed ones (per task in dynamic mode, per case in static)
  RewardWeights reward;  // the server's, with what the request's "reward" object changes
  nlohmann::json inlineTask;  // a task the request brought (suite is then `inline:<hash>`); null otherwise

  // The request in the fields it was parsed from, with every default filled in: what the journal keeps.
  nlohmann::ordered_json ToJson() const;
  // What the requests judged in one evaluation must share.
  std::string BatchSettings() const;
};

struct RequestLimits {
  size_t maxTextBytes = 1u << 20;  // a response, reasoning, or all files together
  int maxExtraCases = 8;
};

// A request a client must correct; the message names the field and says what it must be.
struct RequestError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A client's text in a message: quoted, with control characters escaped (a NUL would end what()).
std::string Quoted(const std::string& text);

// Throws RequestError. `rewardDefaults`: the server's weights, which a request's "reward" object
// may change (serve/reward.h); the request's JSON then carries every weight, so any worker scores it alike.
EvaluationRequest ParseEvaluationRequest(const nlohmann::json& body, SuiteCatalog& suites,
                                         const RequestLimits& limits = {}, const RewardWeights& rewardDefaults = {});

}  // namespace akgen::serve
