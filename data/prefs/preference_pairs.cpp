#include "data/prefs/preference_pairs.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "bench/common/content_hash.h"
#include "data/hygiene/code_tokens.h"
#include "data/records/provenance.h"

namespace akgen::data {
namespace {

using Attempts = std::vector<const JudgedAttempt*>;
using Pairs = std::vector<PreferencePair>;

std::string PromptIdentity(const JudgedAttempt& attempt) {
  bench::ContentHash hash;
  hash.Add(attempt.ProblemKey());
  for (const gen::ChatMessage& message : attempt.prompt) hash.Add(message.role).Add(message.content);
  return hash.Hex();
}

// Every allowed (chosen, rejected) combination, those reusing candidates least first.
Pairs BalancedPairs(const Attempts& chosen, const Attempts& rejected, const std::string& kind,
                    bool (*allowed)(const JudgedAttempt&, const JudgedAttempt&, double), double margin) {
  std::vector<std::pair<size_t, size_t>> open;
  for (size_t i = 0; i < chosen.size(); ++i)
    for (size_t j = 0; j < rejected.size(); ++j)
      if (chosen[i] != rejected[j] && allowed(*chosen[i], *rejected[j], margin)) open.emplace_back(i, j);
  std::map<const JudgedAttempt*, int> uses;
  Pairs pairs;
  while (!open.empty()) {
    const auto best = std::min_element(open.begin(), open.end(), [&](const auto& a, const auto& b) {
      return std::tuple(uses[chosen[a.first]] + uses[rejected[a.second]], a) <
             std::tuple(uses[chosen[b.first]] + uses[rejected[b.second]], b);
    });
    ++uses[chosen[best->first]];
    ++uses[rejected[best->second]];
    pairs.push_back({chosen[best->first], rejected[best->second], kind});
    open.erase(best);
  }
  return pairs;
}

bool AnyPair(const JudgedAttempt&, const JudgedAttempt&, double) { return true; }

bool ClearlyFaster(const JudgedAttempt& faster, const JudgedAttempt& slower, double margin) {
  const std::optional<double> a = faster.outcome.timing.simulatedUs;
  const std::optional<double> b = slower.outcome.timing.simulatedUs;
  return a && b && *a > 0 && *b >= *a * (1 + margin);
}

// Takes from each list in turn until `cap` pairs are taken or all are.
Pairs TakeInTurns(std::vector<Pairs> lists, size_t cap, size_t& left) {
  Pairs taken;
  size_t total = 0;
  for (const Pairs& list : lists) total += list.size();
  for (size_t index = 0; taken.size() < std::min(cap, total); ++index)
    for (const Pairs& list : lists)
      if (index < list.size() && taken.size() < cap) taken.push_back(list[index]);
  left += total - taken.size();
  return taken;
}

Pairs PromptPairs(const Attempts& attempts, const PrefsOptions& options, size_t& capped) {
  Attempts green, orange, purple;
  for (const JudgedAttempt* attempt : attempts)
    (*attempt->tier == Tier::Green ? green : *attempt->tier == Tier::Orange ? orange : purple).push_back(attempt);
  Attempts fastestFirst = green;
  std::stable_sort(fastestFirst.begin(), fastestFirst.end(), [](const JudgedAttempt* a, const JudgedAttempt* b) {
    return a->outcome.timing.simulatedUs.value_or(0) < b->outcome.timing.simulatedUs.value_or(0);
  });
  std::vector<Pairs> kinds = {BalancedPairs(green, orange, "green>orange", AnyPair, 0),
                              BalancedPairs(green, purple, "green>purple", AnyPair, 0)};
  if (options.speedPairs)
    kinds.push_back(BalancedPairs(fastestFirst, fastestFirst, "faster>slower", ClearlyFaster, options.speedMargin));
  kinds.push_back(BalancedPairs(orange, purple, "orange>purple", AnyPair, 0));
  return TakeInTurns(std::move(kinds), options.maxPairsPerPrompt, capped);
}

}  // namespace

PreferenceSet BuildPreferencePairs(const std::vector<JudgedAttempt>& attempts, const PrefsOptions& options) {
  PreferenceSet set;
  // Prompts in order of first appearance, each with its distinct candidates.
  std::vector<std::string> order;
  std::map<std::string, Attempts> byPrompt;
  std::map<std::string, std::set<std::string>> codeSeen;
  for (const JudgedAttempt& attempt : attempts) {
    if (!attempt.tier) {
      ++set.untiered;
      continue;
    }
    const std::string prompt = PromptIdentity(attempt);
    if (!byPrompt.count(prompt)) order.push_back(prompt);
    std::string code;
    for (const auto& [path, text] : attempt.files) code += path + "\n" + NormalizedCode(text) + "\n";
    if (!codeSeen[prompt].insert(code).second) {
      ++set.duplicates;
      continue;
    }
    byPrompt[prompt].push_back(&attempt);
  }
  set.prompts = order.size();
  // Per task, its prompts' pairs in turns, so the task cap spreads over its cases.
  std::vector<std::string> tasks;
  std::map<std::string, std::vector<Pairs>> byTask;
  for (const std::string& prompt : order) {
    const std::string& task = byPrompt[prompt].front()->task;
    if (!byTask.count(task)) tasks.push_back(task);
    byTask[task].push_back(PromptPairs(byPrompt[prompt], options, set.capped));
  }
  for (const std::string& task : tasks)
    for (PreferencePair& pair : TakeInTurns(std::move(byTask[task]), options.maxPairsPerTask, set.capped)) {
      ++set.perKind[pair.kind];
      set.pairs.push_back(pair);
    }
  return set;
}

nlohmann::ordered_json PairRecord(const PreferencePair& pair, const PrefsOptions& options) {
  const JudgedAttempt& chosen = *pair.chosen;
  nlohmann::ordered_json record;
  record["kind"] = pair.kind;
  AddProblem(record, chosen);
  record["chosen"] = chosen.response;
  record["rejected"] = pair.rejected->response;
  record["chosen_outcome"] = AttemptOutcome(chosen);
  record["rejected_outcome"] = AttemptOutcome(*pair.rejected);
  nlohmann::ordered_json provenance;
  provenance["chosen"] = AttemptSource(chosen);
  provenance["rejected"] = AttemptSource(*pair.rejected);
  provenance["tool"] = ToolVersion();
  if (pair.kind == "faster>slower") provenance["speed_margin"] = options.speedMargin;
  record["provenance"] = provenance;
  return record;
}

}  // namespace akgen::data
