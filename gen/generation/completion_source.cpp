#include "gen/generation/completion_source.h"

#include <cstdio>
#include <fstream>
#include <mutex>

#include "bench/builder/parallel_map.h"

namespace akgen::gen {
namespace {

// Model text may hold bytes that are not UTF-8; they must not stop the run.
constexpr auto kReplaceInvalidUtf8 = nlohmann::json::error_handler_t::replace;

std::string BatchIdOf(const PendingRequest& pending) {
  return BatchCustomId(pending.task, pending.sample, pending.round, CacheKey(pending.request, pending.sample));
}

}  // namespace

CompletionSource::CompletionSource(const GenerateOptions& options, std::ostream& progress)
    : options_(options),
      progress_(progress),
      cache_(options.responseCache.empty() ? options.outDir / "responses.sqlite" : options.responseCache) {
  if (!options.responses.empty()) batch_ = ReadBatchOutput(options.responses);
  if (options.emitRequests.empty()) {
    if (!options.client.baseUrl.empty()) client_ = std::make_unique<CompletionClient>(options.client);
  } else if (!std::ofstream(options.emitRequests, std::ios::trunc)) {  // this run's requests only
    throw std::runtime_error(options.emitRequests.string() + ": cannot be written (--emit-requests)");
  }
}

void CompletionSource::Answer(std::vector<PendingRequest>& requests) {
  std::vector<PendingRequest*> unanswered;
  for (PendingRequest& pending : requests) {
    const std::string key = CacheKey(pending.request, pending.sample);
    if (options_.readCache) {
      if (std::optional<CachedChoice> cached = cache_.Find(key)) {
        pending.answer = std::move(cached);
        pending.fromCache = true;
        continue;
      }
    }
    if (const auto found = batch_.find(BatchIdOf(pending)); found != batch_.end()) {
      const BatchAnswer& batch = found->second;
      if (!batch.error.empty() || !batch.response || batch.response->choices.empty()) {
        const std::string failure = options_.responses.string() + ": the batch failed " + found->first + ": " +
                                    (batch.error.empty() ? "no choices" : batch.error);
        if (options_.emitRequests.empty()) {
          pending.problem = failure;
          continue;
        }
        progress_ << "note: " << failure << "; emitted again\n";  // the batch route's retry
        unanswered.push_back(&pending);
        continue;
      }
      const CompletionResponse& response = *batch.response;
      pending.answer = CachedChoice{response.choices.front(), response.promptTokens, response.completionTokens,
                                    response.latencySeconds};
      pending.fromCache = true;
      cache_.Store(key, *pending.answer, CacheKeyFields(pending.request, pending.sample));
      continue;
    }
    unanswered.push_back(&pending);
  }
  if (unanswered.empty()) return;

  if (!options_.emitRequests.empty()) {
    std::ofstream out(options_.emitRequests, std::ios::app);
    for (const PendingRequest* pending : unanswered)
      out << BatchRequestLine(BatchIdOf(*pending), pending->request).dump(-1, ' ', false, kReplaceInvalidUtf8) << '\n';
    if (!out.flush()) throw std::runtime_error(options_.emitRequests.string() + ": cannot be written");
    emitted_ += unanswered.size();
    return;
  }

  if (!client_) {
    const bool one = unanswered.size() == 1;
    throw std::runtime_error(
        std::to_string(unanswered.size()) + (one ? " request" : " requests") + " of round " +
        std::to_string(unanswered.front()->round) + (one ? " has" : " have") + " no answer in " +
        options_.responses.string() +
        ": give --emit-requests FILE to write them for the next batch, or --base-url to send them");
  }
  // Requests with the same body (a task's round-one samples) travel together.
  std::vector<std::vector<PendingRequest*>> groups;
  std::map<std::string, size_t> groupOfBody;
  for (PendingRequest* pending : unanswered) {
    const std::string body = RequestBody(pending->request).dump(-1, ' ', false, kReplaceInvalidUtf8);
    const auto [found, added] = groupOfBody.emplace(body, groups.size());
    if (added) groups.emplace_back();
    groups[found->second].push_back(pending);
  }
  asked_ = unanswered.size();
  answered_ = 0;
  bench::ParallelMap(groups, options_.jobs, [this](const std::vector<PendingRequest*>& group) {
    AnswerFromServer(group);
    return 0;
  });
}

void CompletionSource::AnswerFromServer(std::vector<PendingRequest*> group) {
  while (!group.empty()) {
    CompletionRequest request = group.front()->request;
    request.params.n = static_cast<int>(group.size());
    if (options_.choicesPerRequest > 0) request.params.n = std::min(request.params.n, options_.choicesPerRequest);
    CompletionResponse response;
    try {
      response = client_->Complete(request);
    } catch (const RequestFailed& failure) {
      if (failure.noServer) throw;  // every other request would fail alike
      for (PendingRequest* pending : group) pending->problem = failure.what();
      return;
    }
    const size_t answered = std::min(response.choices.size(), group.size());
    // The request's tokens and time, shared by the choices it produced.
    const int completionTokens = response.completionTokens / static_cast<int>(answered);
    for (size_t i = 0; i < answered; ++i) {
      PendingRequest& pending = *group[i];
      pending.answer =
          CachedChoice{response.choices[i], response.promptTokens, completionTokens, response.latencySeconds};
      cache_.Store(CacheKey(pending.request, pending.sample), *pending.answer,
                   CacheKeyFields(pending.request, pending.sample));
      ReportAnswer(pending, response, completionTokens);
    }
    group.erase(group.begin(), group.begin() + static_cast<std::ptrdiff_t>(answered));
  }
}

void CompletionSource::ReportAnswer(const PendingRequest& pending, const CompletionResponse& response, int tokens) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", response.latencySeconds);
  std::lock_guard lock(progressMutex_);
  progress_ << '[' << ++answered_ << '/' << asked_ << "] " << pending.task << " sample" << pending.sample << " round"
            << pending.round << ": answered in " << seconds << " s, " << tokens << " tokens"
            << (pending.answer->choice.finishReason == "length" ? " (stopped at the token limit)" : "") << '\n'
            << std::flush;
}

}  // namespace akgen::gen
