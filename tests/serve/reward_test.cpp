#include "serve/reward.h"

#include <gtest/gtest.h>

namespace akgen::serve {
namespace {

bench::UnitOutcome Correct(double eagerUs, double simulatedUs) {
  bench::UnitOutcome unit;
  unit.parsed = unit.compiled = unit.correct = true;
  unit.timing.eagerUs = eagerUs;
  unit.timing.simulatedUs = simulatedUs;
  return unit;
}

TEST(Reward, NothingForACandidateThatDoesNotCompile) {
  bench::UnitOutcome unit;
  unit.parsed = true;
  EXPECT_EQ(ComputeReward(unit, {}).total, 0);
}

TEST(Reward, ACompiledWrongCandidateEarnsTheCompileWeight) {
  bench::UnitOutcome unit;
  unit.parsed = unit.compiled = true;
  EXPECT_DOUBLE_EQ(ComputeReward(unit, {}).total, 0.1);
}

TEST(Reward, SpeedCountsOnALogScaleUpToTheCap) {
  EXPECT_DOUBLE_EQ(ComputeReward(Correct(10, 10), {}).total, 0.4);  // as fast as eager: correctness only
  EXPECT_DOUBLE_EQ(ComputeReward(Correct(20, 10), {}).total, 0.9);  // 2x of a 4x cap: half the speed weight
  EXPECT_DOUBLE_EQ(ComputeReward(Correct(40, 10), {}).total, 1.4);
  EXPECT_DOUBLE_EQ(ComputeReward(Correct(400, 10), {}).total, 1.4);  // capped
  const Reward slower = ComputeReward(Correct(5, 10), {});
  EXPECT_DOUBLE_EQ(slower.total, 0.4);  // slower than eager keeps its correctness credit
  ASSERT_TRUE(slower.speedup);
  EXPECT_DOUBLE_EQ(*slower.speedup, 0.5);
}

TEST(Reward, TheBaselineChoosesWhichTimeTheSpeedupIsAgainst) {
  bench::UnitOutcome unit = Correct(10, 10);
  unit.timing.referenceUs = 40;
  RewardWeights weights;
  weights.baseline = bench::Baseline::Reference;
  EXPECT_DOUBLE_EQ(ComputeReward(unit, weights).total, 1.4);
  unit.timing.referenceUs.reset();  // no reference time: no speed term, correctness stands
  EXPECT_DOUBLE_EQ(ComputeReward(unit, weights).total, 0.4);
}

TEST(Reward, PassingTheListedCasesButNotTheDrawnOnesScoresBelowAnyHonestFailure) {
  bench::UnitOutcome unit;
  unit.parsed = unit.compiled = true;
  unit.failsOnlyExtraCases = true;
  const Reward reward = ComputeReward(unit, {});
  EXPECT_DOUBLE_EQ(reward.total, 0.1 - 0.5);
  EXPECT_LT(reward.total, 0);
}

TEST(Reward, WeightsComeFromJsonOverTheDefaults) {
  const RewardWeights weights = RewardWeightsFromJson({{"speed", 2.0}, {"baseline", "reference"}});
  EXPECT_EQ(weights.speed, 2.0);
  EXPECT_EQ(weights.compile, 0.1);
  EXPECT_EQ(weights.baseline, bench::Baseline::Reference);
  EXPECT_EQ(ToJson(weights)["baseline"], "reference");
}

TEST(Reward, BadWeightsAreRefusedNamingTheField) {
  const auto message = [](const nlohmann::json& json) {
    try {
      RewardWeightsFromJson(json);
    } catch (const std::invalid_argument& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message({{"speeed", 1}}).find("reward.speeed is not a weight"), std::string::npos);
  EXPECT_NE(message({{"speed", "fast"}}).find("reward.speed must be a finite number"), std::string::npos);
  EXPECT_NE(message({{"speedup_cap", 1}}).find("reward.speedup_cap must be above 1"), std::string::npos);
  EXPECT_NE(message({{"baseline", "torch"}}).find("reward.baseline must be \"eager\""), std::string::npos);
}

}  // namespace
}  // namespace akgen::serve
