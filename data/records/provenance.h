// Where a dataset record came from: the tool that made it and, for each candidate in it, the run,
// round, sample, model and folder — so a record can be traced back and its verdict checked again.
#pragma once
#include <nlohmann/json.hpp>

#include "data/runs/judged_attempt.h"

namespace akgen::data {

const char* ToolVersion();  // `akgen 0.1.0 <git revision>`

// The problem a record answers, added to `record`: task, case (null in dynamic mode), shape_mode and
// prompt (the messages).
void AddProblem(nlohmann::ordered_json& record, const JudgedAttempt& attempt);

nlohmann::ordered_json AttemptSource(const JudgedAttempt& attempt);

// The tier, the first failure's class, each case's verdict and the simulated time.
nlohmann::ordered_json AttemptOutcome(const JudgedAttempt& attempt);

}  // namespace akgen::data
