#include "data/teacher/teacher.h"

namespace akgen::data {

Teacher::Teacher(const gen::GenerateOptions& options, std::ostream& progress)
    : options_(options),
      promptsOnly_(options.client.baseUrl.empty() && options.emitRequests.empty() && options.responses.empty()) {
  if (!promptsOnly_) source_ = std::make_unique<gen::CompletionSource>(options_, progress);
}

std::vector<TeacherAnswer> Teacher::Ask(const std::vector<TeacherRequest>& requests) {
  std::vector<TeacherAnswer> answers(requests.size());
  if (promptsOnly_) return answers;
  std::vector<gen::PendingRequest> pending;
  for (const TeacherRequest& request : requests) {
    gen::PendingRequest one;
    one.task = request.id;
    one.request.model = options_.model;
    one.request.endpoint = options_.endpoint;
    one.request.messages = request.messages;
    one.request.params = options_.sampling;
    one.request.params.n = 1;
    pending.push_back(std::move(one));
  }
  source_->Answer(pending);
  for (size_t i = 0; i < pending.size(); ++i) {
    if (pending[i].answer) answers[i].choice = pending[i].answer->choice;
    answers[i].problem = pending[i].problem;
  }
  return answers;
}

size_t Teacher::Emitted() const { return source_ ? source_->Emitted() : 0; }

}  // namespace akgen::data
