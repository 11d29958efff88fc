// The teacher model the dataset builders ask, through gen's route for every model call: the
// response cache first, then a batch output file (--responses), then the server — or, with
// --emit-requests, the requests written as OpenAI Batch input lines for a batch service. With no
// route at all (no server, no batch file) the builder only writes its prompts.
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gen/client/completion.h"
#include "gen/generation/completion_source.h"
#include "gen/generation/generate_options.h"

namespace akgen::data {

struct TeacherRequest {
  std::string id;  // the record it is for (`level1/Math/Muls case0`); shown in progress lines
  std::vector<gen::ChatMessage> messages;
};

struct TeacherAnswer {
  std::optional<gen::Choice> choice;  // none: unanswered (emitted for a batch, or refused)
  std::string problem;                // why the server or the batch refused it
};

class Teacher {
 public:
  // `options` carries the model, endpoint, sampling, client, cache file, batch files and jobs; its
  // outDir holds the default cache (responses.sqlite).
  Teacher(const gen::GenerateOptions& options, std::ostream& progress);
  Teacher(const Teacher&) = delete;  // the source keeps a reference to options_
  Teacher& operator=(const Teacher&) = delete;

  // Neither a server nor a batch file: Ask answers nothing, the builder writes its prompts instead.
  bool PromptsOnly() const { return promptsOnly_; }

  // One answer per request, in order. Throws gen::RequestFailed when the server cannot be reached.
  std::vector<TeacherAnswer> Ask(const std::vector<TeacherRequest>& requests);

  // Requests written to the --emit-requests file so far.
  size_t Emitted() const;

  const std::string& Model() const { return options_.model; }

 private:
  gen::GenerateOptions options_;  // CompletionSource keeps a reference to it
  bool promptsOnly_;
  std::unique_ptr<gen::CompletionSource> source_;
};

}  // namespace akgen::data
