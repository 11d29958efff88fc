// The OpenAI Batch API's files: the requests we write (one JSON line each, sent later by whoever has
// access to a batch service) and the output file it returns, whose lines answer them by custom_id.
#pragma once
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "gen/client/completion.h"

namespace akgen::gen {

// `{"custom_id": …, "method": "POST", "url": "/v1/chat/completions", "body": RequestBody(request)}`.
nlohmann::json BatchRequestLine(const std::string& customId, const CompletionRequest& request);

// `<taskKey>#s<sample>#r<round>#<first 12 hex of requestKey>`, e.g. `level1/Math/Sqrt#s0#r1#3f2a…`.
// The hash part (of CacheKey) makes the answers to an old prompt not match a changed one.
std::string BatchCustomId(const std::string& taskKey, int sample, int round, const std::string& requestKey);

struct BatchAnswer {
  std::optional<CompletionResponse> response;
  std::string error;  // non-empty: the batch failed this request (status ≠ 200, an error object, an unreadable body)
};

// custom_id → answer, from a batch output file. Throws std::runtime_error naming FILE:LINE for a
// line that is not JSON or has no custom_id, and naming FILE when it cannot be read. Blank lines
// are skipped; of two lines with one custom_id the last wins.
std::map<std::string, BatchAnswer> ReadBatchOutput(const std::filesystem::path& file);

}  // namespace akgen::gen
