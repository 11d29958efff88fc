#include "data/prefs/preference_pairs.h"

#include <gtest/gtest.h>

#include <set>

namespace akgen::data {
namespace {

JudgedAttempt Attempt(const std::string& task, int sample, Tier tier, const std::string& code, double us = 20,
                      int caseId = 0) {
  JudgedAttempt attempt;
  attempt.task = task;
  attempt.sample = sample;
  attempt.caseId = caseId;
  attempt.prompt = {{"user", "write " + task}};
  attempt.files = {{"op_kernel/k.cpp", code}};
  attempt.response = code;
  attempt.tier = tier;
  attempt.outcome.correct = tier == Tier::Green;
  if (tier == Tier::Green) attempt.outcome.timing.simulatedUs = us;
  return attempt;
}

std::multiset<std::string> Kinds(const PreferenceSet& set) {
  std::multiset<std::string> kinds;
  for (const PreferencePair& pair : set.pairs) kinds.insert(pair.kind);
  return kinds;
}

TEST(PreferencePairsTest, TiersOrderThePairsAndDuplicatesCountOnce) {
  const std::vector<JudgedAttempt> attempts = {
      Attempt("t", 0, Tier::Green, "good();", 20), Attempt("t", 1, Tier::Orange, "wrong();"),
      Attempt("t", 2, Tier::Purple, "broken("),    Attempt("t", 3, Tier::Green, "good(); // same", 20),
      Attempt("t", 4, Tier::Green, "slow();", 26), Attempt("t", 5, Tier::Green, "alittleslow();", 23)};
  const PreferenceSet set = BuildPreferencePairs(attempts, {});
  EXPECT_EQ(set.duplicates, 1u);
  EXPECT_EQ(set.capped, 0u);
  EXPECT_EQ(set.prompts, 1u);
  // 3 green x 1 orange, 3 green x 1 purple, orange x purple, and only 20 µs ≻ 26 µs clears the 20% margin
  // (23/20 and 26/23 do not): 8 pairs, the cap, leaving none out.
  EXPECT_EQ(Kinds(set), (std::multiset<std::string>{"green>orange", "green>orange", "green>orange", "green>purple",
                                                    "green>purple", "green>purple", "orange>purple", "faster>slower"}));
  for (const PreferencePair& pair : set.pairs) {
    EXPECT_NE(pair.chosen->response, pair.rejected->response);
    if (pair.kind == "faster>slower") {
      EXPECT_EQ(pair.chosen->response, "good();");
      EXPECT_EQ(pair.rejected->response, "slow();");
    }
  }
  PrefsOptions noSpeed;
  noSpeed.speedPairs = false;
  EXPECT_EQ(Kinds(BuildPreferencePairs(attempts, noSpeed)).count("faster>slower"), 0u);
  PrefsOptions loose;
  loose.speedMargin = 0.1;
  loose.maxPairsPerPrompt = 20;
  EXPECT_EQ(Kinds(BuildPreferencePairs(attempts, loose)).count("faster>slower"), 3u);
}

TEST(PreferencePairsTest, CapsTakeKindsInTurnAndSpreadCandidates) {
  std::vector<JudgedAttempt> attempts;
  for (int i = 0; i < 4; ++i) attempts.push_back(Attempt("t", i, Tier::Green, "good" + std::to_string(i) + "();"));
  for (int i = 4; i < 8; ++i) attempts.push_back(Attempt("t", i, Tier::Orange, "wrong" + std::to_string(i) + "();"));
  for (int i = 8; i < 10; ++i) attempts.push_back(Attempt("t", i, Tier::Purple, "broken" + std::to_string(i)));
  PrefsOptions options;
  options.maxPairsPerPrompt = 4;
  const PreferenceSet set = BuildPreferencePairs(attempts, options);
  EXPECT_EQ(Kinds(set), (std::multiset<std::string>{"green>orange", "green>orange", "green>purple", "orange>purple"}));
  EXPECT_EQ(set.capped, 16u + 8u + 8u - 4u);
  std::set<const JudgedAttempt*> chosenGreens;
  for (const PreferencePair& pair : set.pairs)
    if (pair.kind == "green>orange") chosenGreens.insert(pair.chosen);
  EXPECT_EQ(chosenGreens.size(), 2u) << "two green>orange pairs should use two different greens";
}

TEST(PreferencePairsTest, TheTaskCapSpreadsOverItsCasesAndUntieredUnitsAreLeftOut) {
  std::vector<JudgedAttempt> attempts;
  for (int caseId = 0; caseId < 3; ++caseId) {
    attempts.push_back(Attempt("many", 0, Tier::Green, "g();", 20, caseId));
    attempts.push_back(Attempt("many", 1, Tier::Orange, "o();", 20, caseId));
    attempts.push_back(Attempt("many", 2, Tier::Purple, "p(", 20, caseId));
  }
  attempts.push_back(Attempt("other", 0, Tier::Green, "g();"));
  attempts.push_back(Attempt("other", 1, Tier::Orange, "o();"));
  JudgedAttempt unparsed = Attempt("other", 2, Tier::Purple, "");
  unparsed.tier.reset();
  attempts.push_back(unparsed);
  PrefsOptions options;
  options.maxPairsPerTask = 4;
  const PreferenceSet set = BuildPreferencePairs(attempts, options);
  EXPECT_EQ(set.untiered, 1u);
  EXPECT_EQ(set.prompts, 4u);
  std::map<std::string, int> perProblem;
  for (const PreferencePair& pair : set.pairs) ++perProblem[pair.chosen->ProblemKey()];
  EXPECT_EQ(perProblem,
            (std::map<std::string, int>{{"many case0", 2}, {"many case1", 1}, {"many case2", 1}, {"other case0", 1}}));
}

}  // namespace
}  // namespace akgen::data
