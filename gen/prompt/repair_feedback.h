// What a model is told after a failed round, and the follow-up turn that carries it: the first
// failure in detail (the compiler's first errors, the simulator's diagnostic, the wrong values of a
// case, ...) in plain text a model can act on, short enough for any context window.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "bench/results/result_record.h"
#include "bench/task/task.h"
#include "gen/client/completion.h"
#include "gen/prompt/task_prompt.h"

namespace akgen::gen {

// One sample's round: the reason its response gave no source (a parse error), or the DSL
// generator's diagnostics (the sample's compile_error.txt), or the harness's records of the cases
// it was run on (one per case).
struct RoundOutcome {
  std::string parseProblem;
  std::string generatorLog;
  std::vector<bench::ResultRecord> records;
};

// The feedback text holds at most this many characters.
inline constexpr size_t kMaxFeedbackChars = 4000;

// The failure to report, in plain text; empty when nothing failed (every record passed, or there
// are none). A parse problem comes first, then the generator's log, then the failing records: the
// first failing case in detail, the others' verdicts on one line.
std::string RepairFeedback(const bench::Task& task, const RoundOutcome& outcome);

// `conversation`, then the previous answer as the assistant's turn (its answer only, without the
// reasoning), then the follow-up made from the route's repair template around `feedback`.
std::vector<ChatMessage> RepairTurn(const std::vector<ChatMessage>& conversation, const std::string& previousAnswer,
                                    const std::string& feedback, const PromptOptions& options);

}  // namespace akgen::gen
