// A judged candidate read back from a results folder: its code, the prompt it answers, the outcome
// of its unit and where it came from. The dataset builders (preference pairs, corrections) work on
// these, so they never re-run anything: every label is a verdict the simulator already gave.
//
// A run folder is what `akgen eval --out` writes (results.jsonl and run.json, which names the task
// tree and the samples folder) or what `akgen generate --eval --out` writes: then each round folder
// `rounds/<r>/` is such a results folder, and its samples carry generation.json (the messages, the
// model, the reasoning).
#pragma once
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/metrics/unit_outcome.h"
#include "bench/results/result_record.h"
#include "bench/task/shape_mode.h"
#include "gen/client/completion.h"

namespace akgen::data {

// The paper's execution tiers: every case correct, builds and runs but wrong, does not compile.
enum class Tier { Green, Orange, Purple };

const char* ToString(Tier tier);  // green, orange, purple

struct JudgedAttempt {
  std::string task;  // level1/Math/Muls
  int sample = 0;
  int round = 0;              // the generation round; 0 for a run of `akgen eval` alone
  std::optional<int> caseId;  // static mode: the case the sample was made for
  bench::ShapeMode shapeMode = bench::ShapeMode::Static;
  std::string format;                        // kernel_only, full or dsl: how the response is written
  std::vector<gen::ChatMessage> prompt;      // the first request for this problem (no repair turns)
  std::map<std::string, std::string> files;  // the candidate's files by relative path
  std::string response;                      // the candidate written in its answer format (CandidateText)
  std::string reasoning;                     // the model's reasoning for this round, when it gave one
  std::string model;                         // empty for candidates not generated (`--solutions answer`)
  std::filesystem::path folder;              // the candidate's folder
  std::filesystem::path runDir;              // the run folder given on the command line
  bench::UnitOutcome outcome;
  std::vector<bench::ResultRecord> records;  // the unit's records, listed cases first
  std::optional<Tier> tier;                  // none: no candidate (parse_error), unfinished, or timing-only
  // A failed unit's failure as the repair loop reports it to a model (gen/prompt/repair_feedback.h),
  // and its first failing case: {"case": id, "row": "x_shape=[…] dtype=…"}; empty and null otherwise.
  std::string diagnostic;
  nlohmann::ordered_json failingCase;

  // The problem the prompt poses: the task, and the case in static mode.
  std::string ProblemKey() const;
};

// Every judged unit of `runDir`, in round, task, sample and case order. Throws std::runtime_error
// naming the file and the fix when the folder is not a run (no results, no run.json, a task tree
// that moved).
std::vector<JudgedAttempt> ReadJudgedAttempts(const std::filesystem::path& runDir);

}  // namespace akgen::data
