// Preference pairs from execution outcomes (the AscendKernelGen paper, §4.2.2): for one prompt,
// Green (every case correct) ≻ Orange (builds and runs, wrong) ≻ Purple (does not compile), and
// among Green candidates the faster ≻ the slower when their simulated times differ by the margin.
//
// The speed margin: simulated times are deterministic, so no run-to-run noise needs covering; what
// does is the cost model's own error against hardware. Its figures are public peak rates and
// per-instruction costs without bank conflicts, cache misses or HBM contention, so two kernels a few
// per cent apart may rank either way on an NPU. The default 20% asks the slower kernel to lose by
// more than such effects plausibly shift one kernel against another of the same task.
#pragma once
#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "data/runs/judged_attempt.h"

namespace akgen::data {

struct PrefsOptions {
  double speedMargin = 0.2;  // slower / faster ≥ 1 + margin makes a speed pair
  bool speedPairs = true;
  size_t maxPairsPerPrompt = 8;
  size_t maxPairsPerTask = 32;  // a task with many cases (static mode) would otherwise dominate
};

struct PreferencePair {
  const JudgedAttempt* chosen = nullptr;
  const JudgedAttempt* rejected = nullptr;
  std::string kind;  // green>orange, green>purple, faster>slower, orange>purple
};

struct PreferenceSet {
  std::vector<PreferencePair> pairs;
  size_t prompts = 0;
  size_t duplicates = 0;  // candidates dropped because an earlier one of the prompt has the same code
  size_t untiered = 0;    // units without a tier: no candidate, unfinished, timing-only
  size_t capped = 0;      // pairs left out by the per-prompt and per-task caps
  std::map<std::string, size_t> perKind;
};

// Pairs in prompt order. Within a prompt the kinds take turns, in the order above, until the cap;
// within a kind the pairs that reuse a candidate least come first, so many candidates appear once
// rather than one candidate many times.
PreferenceSet BuildPreferencePairs(const std::vector<JudgedAttempt>& attempts, const PrefsOptions& options);

// One line of prefs.jsonl: task, problem, kind, prompt (messages), chosen and rejected (response
// text), both outcomes and their provenance.
nlohmann::ordered_json PairRecord(const PreferencePair& pair, const PrefsOptions& options);

}  // namespace akgen::data
