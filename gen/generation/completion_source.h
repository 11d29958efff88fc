// Where the answers to a round's requests come from, cheapest first: the response cache, a batch
// output file (--responses), then the server. With --emit-requests the requests nobody has
// answered are written as OpenAI Batch input lines instead of being sent.
//
// Round-one requests of one task share their messages, so they go to the server as one request
// with `n` = the samples still missing (each choice is stored under its own sample's key); a
// server that returns fewer choices is asked again for the rest.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gen/batch/batch_files.h"
#include "gen/cache/response_cache.h"
#include "gen/client/completion_client.h"
#include "gen/generation/generate_options.h"

namespace akgen::gen {

struct PendingRequest {
  std::string task;
  int sample = 0;
  int round = 1;
  CompletionRequest request;  // n = 1
  std::optional<CachedChoice> answer;
  bool fromCache = false;
  std::string problem;  // the server or the batch refused this request, and why
};

class CompletionSource {
 public:
  CompletionSource(const GenerateOptions& options, std::ostream& progress);

  // Answers every request it can; the others keep no answer and, for a refusal, a problem. Throws
  // RequestFailed when the server cannot be reached at all: no request would fare better.
  void Answer(std::vector<PendingRequest>& requests);

  // Requests written to the --emit-requests file by Answer (0 without the batch route).
  size_t Emitted() const { return emitted_; }

 private:
  void AnswerFromServer(std::vector<PendingRequest*> group);
  // `[3/8] level1/Math/Muls sample0 round1: answered in 12.3 s, 2048 tokens`, one line per answer.
  void ReportAnswer(const PendingRequest& pending, const CompletionResponse& response, int tokens);

  const GenerateOptions& options_;
  std::ostream& progress_;
  ResponseCache cache_;
  std::map<std::string, BatchAnswer> batch_;
  std::unique_ptr<CompletionClient> client_;
  size_t emitted_ = 0;
  std::mutex progressMutex_;
  size_t asked_ = 0;     // requests of the current Answer call that go to the server
  size_t answered_ = 0;  // of those, answered so far
};

}  // namespace akgen::gen
