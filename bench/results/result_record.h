// One line of `OUT/results.jsonl`: the verdict of one sample on one case.
//
//   {"task":"level1/Math/Sqrt","level":1,"category":"Math","op":"Sqrt","sample":0,"case":0,
//    "verdict":"wrong_answer","shape_mode":"static","template_mode":"full","case_count":5,
//    "details":{"max_abs_error":0.5,"first_bad_index":17}}
//
// An extra case (`akgen eval --extra-cases`) adds `"extra_of": <the listed case it was drawn from>`.
// `details` is free-form (compiler log, diagnostic kind, errors, signal, seconds). `case_count`
// (the task's number of cases) lets metrics tell an unfinished dynamic sample from a passing one.
#pragma once
#include <compare>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "bench/results/verdict.h"
#include "bench/task/candidate.h"
#include "bench/task/shape_mode.h"
#include "bench/task/task.h"

namespace akgen::bench {

struct RecordKey {
  std::string task;
  int sample = 0;
  int caseId = 0;
  auto operator<=>(const RecordKey&) const = default;
};

struct ResultRecord {
  std::string task;
  int level = 0;
  std::string category;
  std::string op;
  int sample = 0;
  int caseId = 0;
  Verdict verdict = Verdict::ParseError;
  ShapeMode shapeMode = ShapeMode::Static;
  std::string templateMode;    // `kernel_only` / `full`; empty when unknown
  int caseCount = 0;           // 0 when unknown; counts the unit's extra cases too
  std::optional<int> extraOf;  // the listed case an extra case was drawn from
  nlohmann::json details = nlohmann::json::object();

  RecordKey Key() const { return {task, sample, caseId}; }
};

ResultRecord MakeRecord(const Task& task, const Candidate& candidate, int caseId, ShapeMode shapeMode, Verdict verdict,
                        nlohmann::json details = nlohmann::json::object());

// Keys in the order shown above, so a results file reads well in a pager.
nlohmann::ordered_json ToJson(const ResultRecord& record);

// Throws std::invalid_argument naming the missing or malformed field.
ResultRecord RecordFromJson(const nlohmann::json& json);

}  // namespace akgen::bench
