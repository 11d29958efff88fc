#include "bench/metrics/metrics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "bench/metrics/pass_at_k.h"
#include "bench/metrics/summary_json.h"

namespace akgen::bench {
namespace {
namespace fs = std::filesystem;

ResultRecord Record(const std::string& task, int sample, int caseId, Verdict verdict, int caseCount = 0) {
  ResultRecord record;
  record.task = task;
  const size_t firstSlash = task.find('/');
  const size_t lastSlash = task.rfind('/');
  record.level = task[5] - '0';
  record.category = task.substr(firstSlash + 1, lastSlash - firstSlash - 1);
  record.op = task.substr(lastSlash + 1);
  record.sample = sample;
  record.caseId = caseId;
  record.verdict = verdict;
  record.caseCount = caseCount;
  return record;
}

// 1 - C(n-c, k)/C(n, k) through log-gamma, independent of the product form under test.
double BinomialPassAtK(int n, int c, int k) {
  if (n - c < k) return 1.0;
  auto logChoose = [](int a, int b) { return std::lgamma(a + 1.0) - std::lgamma(b + 1.0) - std::lgamma(a - b + 1.0); };
  return 1.0 - std::exp(logChoose(n - c, k) - logChoose(n, k));
}

TEST(PassAtKTest, MatchesTheBinomialDefinition) {
  EXPECT_DOUBLE_EQ(PassAtK(10, 3, 5), 1.0 - 21.0 / 252.0);
  EXPECT_DOUBLE_EQ(PassAtK(7, 2, 1), 2.0 / 7.0);
  EXPECT_DOUBLE_EQ(PassAtK(5, 0, 5), 0.0);
  EXPECT_DOUBLE_EQ(PassAtK(5, 1, 5), 1.0);
  EXPECT_DOUBLE_EQ(PassAtK(10, 6, 5), 1.0);
  for (int n : {10, 100, 200}) {
    for (int c : {0, 1, 7, n / 2, n - 3}) {
      for (int k : kPassAtKValues) {
        if (k > n) continue;
        EXPECT_NEAR(PassAtK(n, c, k), BinomialPassAtK(n, c, k), 1e-12) << n << " " << c << " " << k;
      }
    }
  }
}

TEST(UnitOutcomeTest, StaticModeJudgesEachRecord) {
  const std::vector<ResultRecord> records = {Record("level1/Math/Sqrt", 0, 0, Verdict::Pass),
                                             Record("level1/Math/Sqrt", 0, 1, Verdict::WrongAnswer),
                                             Record("level1/Math/Sqrt", 1, 0, Verdict::ParseError)};
  const std::vector<UnitOutcome> units = UnitOutcomes(records, ShapeMode::Static);
  ASSERT_EQ(units.size(), 3u);
  EXPECT_TRUE(units[0].correct);
  EXPECT_EQ(units[1].caseId, 1);
  EXPECT_TRUE(units[1].compiled);
  EXPECT_FALSE(units[1].correct);
  EXPECT_FALSE(units[2].parsed);
  EXPECT_FALSE(units[2].compiled);
}

TEST(UnitOutcomeTest, DynamicSamplePassesOnlyWhenEveryCasePasses) {
  const std::vector<ResultRecord> records = {
      Record("level1/Math/Sqrt", 0, 0, Verdict::Pass, 3),         Record("level1/Math/Sqrt", 0, 1, Verdict::Pass, 3),
      Record("level1/Math/Sqrt", 0, 2, Verdict::Pass, 3),         Record("level1/Math/Sqrt", 1, 0, Verdict::Pass, 3),
      Record("level1/Math/Sqrt", 1, 1, Verdict::SimError, 3),     Record("level1/Math/Sqrt", 1, 2, Verdict::Pass, 3),
      Record("level1/Math/Sqrt", 2, 0, Verdict::CompileError, 3), Record("level1/Math/Sqrt", 3, 0, Verdict::Pass, 3),
  };
  const std::vector<UnitOutcome> units = UnitOutcomes(records, ShapeMode::Dynamic);
  ASSERT_EQ(units.size(), 4u);
  EXPECT_TRUE(units[0].correct);
  EXPECT_FALSE(units[0].caseId.has_value());
  EXPECT_TRUE(units[1].compiled);
  EXPECT_FALSE(units[1].correct);
  EXPECT_TRUE(units[2].parsed);
  EXPECT_FALSE(units[2].compiled);
  EXPECT_FALSE(units[2].incomplete);  // a failure is final even with cases missing
  EXPECT_FALSE(units[3].correct);     // cases 1 and 2 never ran
  EXPECT_TRUE(units[3].incomplete);
}

TEST(UnitOutcomeTest, ATaskErrorCaseCountsForAndAgainstNoSample) {
  const std::vector<ResultRecord> records = {
      Record("level1/Math/Clip", 0, 0, Verdict::TaskError, 3),
      Record("level1/Math/Clip", 0, 1, Verdict::Pass, 3),
      Record("level1/Math/Clip", 0, 2, Verdict::Pass, 3),
      Record("level1/Math/Only", 0, 0, Verdict::TaskError, 1),
  };
  const std::vector<UnitOutcome> dynamic = UnitOutcomes(records, ShapeMode::Dynamic);
  ASSERT_EQ(dynamic.size(), 1u) << "a task none of whose cases can run has no unit";
  EXPECT_TRUE(dynamic[0].correct) << "judged on the cases that can run";
  EXPECT_FALSE(dynamic[0].incomplete);
  const std::vector<UnitOutcome> statics = UnitOutcomes(records, ShapeMode::Static);
  ASSERT_EQ(statics.size(), 2u);
  EXPECT_EQ(statics[0].caseId, 1);
  const Metrics metrics = ComputeMetrics(records, ShapeMode::Dynamic);
  EXPECT_EQ(metrics.overall.counts.units, 1);
  EXPECT_EQ(metrics.overall.verdicts.at(Verdict::TaskError), 2);
  ASSERT_EQ(metrics.taskErrors.size(), 2u);
  EXPECT_EQ(metrics.taskErrors[0].rfind("level1/Math/Clip case 0: ", 0), 0u) << metrics.taskErrors[0];
}

// Two L1 tasks and one L2 task, static mode, 10 samples each on case 0; Sqrt also on case 1.
std::vector<ResultRecord> StaticRun() {
  std::vector<ResultRecord> records;
  for (int sample = 0; sample < 10; ++sample) {
    records.push_back(Record("level1/Math/Sqrt", sample, 0, sample < 3 ? Verdict::Pass : Verdict::WrongAnswer));
    records.push_back(Record("level1/Math/Sqrt", sample, 1, Verdict::Pass));
    records.push_back(Record("level1/Comparison/Equal", sample, 0,
                             sample < 2   ? Verdict::ParseError
                             : sample < 5 ? Verdict::CompileError
                                          : Verdict::Pass));
    records.push_back(Record("level2/Norm/RmsNorm", sample, 0, sample == 0 ? Verdict::Pass : Verdict::Timeout));
  }
  return records;
}

TEST(MetricsTest, CountsStagesPerProblemLikeNpuKernelBench) {
  const Metrics metrics = ComputeMetrics(StaticRun(), ShapeMode::Static);
  ASSERT_EQ(metrics.problems.size(), 4u);
  const ProblemRow& equal = metrics.problems[0];  // sorted by level, then `Comparison/Equal` < `Math/Sqrt`
  EXPECT_EQ(equal.OpDefinition(), "Comparison/Equal");
  EXPECT_EQ(equal.caseId, 0);
  EXPECT_EQ(equal.samples, 10);
  EXPECT_EQ(equal.parsed, 8);
  EXPECT_EQ(equal.compiled, 5);
  EXPECT_EQ(equal.correct, 5);
  EXPECT_EQ(metrics.problems[1].OpDefinition(), "Math/Sqrt");
  EXPECT_EQ(metrics.problems[1].correct, 3);
  EXPECT_EQ(metrics.problems[2].caseId, 1);
  EXPECT_EQ(metrics.problems[2].correct, 10);
  EXPECT_EQ(metrics.problems[3].task, "level2/Norm/RmsNorm");
}

TEST(MetricsTest, PoolsRatesPerLevelCategoryAndOverall) {
  const Metrics metrics = ComputeMetrics(StaticRun(), ShapeMode::Static);
  const StageCounts& level1 = metrics.levels.at(1).counts;
  EXPECT_EQ(level1.units, 30);
  EXPECT_EQ(level1.parsed, 28);
  EXPECT_EQ(level1.compiled, 25);
  EXPECT_EQ(level1.correct, 18);
  EXPECT_DOUBLE_EQ(level1.CorrectnessRate(), 18.0 / 30);
  EXPECT_DOUBLE_EQ(metrics.categories.at("level1/Math").counts.CorrectnessRate(), 13.0 / 20);
  EXPECT_DOUBLE_EQ(metrics.categories.at("level1/Comparison").counts.CompileRate(), 0.5);
  EXPECT_EQ(metrics.categories.at("level1/Math").problems, 2);
  EXPECT_EQ(metrics.overall.counts.units, 40);
  EXPECT_EQ(metrics.overall.counts.correct, 19);
  EXPECT_EQ(metrics.records, 40);
}

TEST(MetricsTest, AveragesPassAtKOverProblemsWithEnoughSamples) {
  const Metrics metrics = ComputeMetrics(StaticRun(), ShapeMode::Static);
  const auto& passAtK = metrics.overall.passAtK;
  EXPECT_EQ(passAtK.count(100), 0u);  // no problem has 100 samples
  ASSERT_EQ(passAtK.count(10), 1u);
  EXPECT_EQ(passAtK.at(1).problems, 4);
  EXPECT_DOUBLE_EQ(passAtK.at(1).value, (0.5 + 0.3 + 1.0 + 0.1) / 4);
  EXPECT_DOUBLE_EQ(passAtK.at(5).value, ((1.0 - 1.0 / 252) + PassAtK(10, 3, 5) + 1.0 + 0.5) / 4);
  EXPECT_DOUBLE_EQ(passAtK.at(10).value, 1.0);
  EXPECT_DOUBLE_EQ(metrics.levels.at(2).passAtK.at(1).value, 0.1);

  std::vector<ResultRecord> uneven = StaticRun();
  for (int sample = 0; sample < 4; ++sample) uneven.push_back(Record("level3/GMM/Gemm", sample, 0, Verdict::Pass));
  const Metrics withSmallProblem = ComputeMetrics(uneven, ShapeMode::Static);
  EXPECT_EQ(withSmallProblem.overall.passAtK.at(1).problems, 5);
  EXPECT_EQ(withSmallProblem.overall.passAtK.at(5).problems, 4);  // Gemm has n = 4 < 5
}

TEST(MetricsTest, CountsVerdictsOverRecords) {
  const Metrics metrics = ComputeMetrics(StaticRun(), ShapeMode::Static);
  const std::map<Verdict, int> expected = {{Verdict::ParseError, 2},
                                           {Verdict::CompileError, 3},
                                           {Verdict::Timeout, 9},
                                           {Verdict::WrongAnswer, 7},
                                           {Verdict::Pass, 19}};
  EXPECT_EQ(metrics.overall.verdicts, expected);
  EXPECT_EQ(metrics.levels.at(2).verdicts.at(Verdict::Timeout), 9);
}

TEST(MetricsTest, ScoresLikeNpuKernelBenchAndRenormalisedSeparately) {
  const Metrics metrics = ComputeMetrics(StaticRun(), ShapeMode::Static);
  EXPECT_DOUBLE_EQ(metrics.score.npuKernelBench, 0.2 * 18 / 30 + 0.3 * 1 / 10);
  EXPECT_DOUBLE_EQ(metrics.score.renormalised, (0.2 * 18 / 30 + 0.3 * 1 / 10) / 0.5);

  const BenchScore onlyLevel1 = ScoreLevels({{1, {10, 10}}});
  EXPECT_DOUBLE_EQ(onlyLevel1.npuKernelBench, 0.2);  // not renormalised, as NPUKernelBench
  EXPECT_DOUBLE_EQ(onlyLevel1.renormalised, 1.0);
  const BenchScore all = ScoreLevels({{1, {10, 5}}, {2, {4, 1}}, {3, {2, 2}}, {4, {3, 3}}});
  EXPECT_DOUBLE_EQ(all.npuKernelBench, 0.2 * 0.5 + 0.3 * 0.25 + 0.5);
  EXPECT_DOUBLE_EQ(all.renormalised, all.npuKernelBench);
  EXPECT_EQ(all.unweightedLevels, std::vector<int>{4});
  EXPECT_DOUBLE_EQ(ScoreLevels({}).renormalised, 0.0);
}

TEST(MetricsTest, DynamicModeHasOneProblemPerTask) {
  std::vector<ResultRecord> records;
  for (int sample = 0; sample < 5; ++sample) {
    for (int caseId = 0; caseId < 2; ++caseId) {
      const bool fails = sample >= 2 && caseId == 1;
      records.push_back(Record("level1/Math/Sqrt", sample, caseId, fails ? Verdict::WrongAnswer : Verdict::Pass, 2));
    }
  }
  records.push_back(Record("level1/Math/Neg", 0, 0, Verdict::Pass, 2));
  const Metrics metrics = ComputeMetrics(records, ShapeMode::Dynamic);
  ASSERT_EQ(metrics.problems.size(), 2u);
  EXPECT_EQ(metrics.problems[0].op, "Neg");
  EXPECT_EQ(metrics.problems[0].incomplete, 1);
  EXPECT_EQ(metrics.problems[1].samples, 5);
  EXPECT_EQ(metrics.problems[1].correct, 2);
  EXPECT_FALSE(metrics.problems[1].caseId.has_value());
  EXPECT_EQ(metrics.overall.counts.incomplete, 1);
  EXPECT_DOUBLE_EQ(metrics.overall.passAtK.at(5).value, 1.0);
  EXPECT_EQ(metrics.overall.passAtK.at(5).problems, 1);
  EXPECT_EQ(metrics.overall.verdicts.at(Verdict::Pass), 8);
}

TEST(MetricsTest, TellsTheShapeModeOfTheRecords) {
  std::vector<ResultRecord> records = {Record("level1/Math/Sqrt", 0, 0, Verdict::Pass)};
  records[0].shapeMode = ShapeMode::Dynamic;
  EXPECT_EQ(RecordedShapeMode(records), ShapeMode::Dynamic);
  records.push_back(Record("level1/Math/Sqrt", 1, 0, Verdict::Pass));
  EXPECT_EQ(RecordedShapeMode(records), std::nullopt);
  EXPECT_EQ(RecordedShapeMode({}), std::nullopt);
}

// Times in a record's details, as akgen eval writes them; a negative time is left out.
ResultRecord Timed(ResultRecord record, double simulatedUs, double eagerUs, double referenceUs = -1) {
  record.details["simulated_us"] = simulatedUs;
  record.details["eager_us"] = eagerUs;
  if (referenceUs > 0) record.details["reference_us"] = referenceUs;
  return record;
}

// Five static problems with hand-computable speedups (eager / reference):
//   Sqrt: sample 0 correct 4 / 2, sample 1 correct 8 / 4, sample 2 wrong with 40x (must not count)
//   Neg: only a wrong sample, 100x faster than eager
//   Abs: correct at exactly 1 / 0.5;  RmsNorm: correct, untimed;  LayerNorm: correct at exactly 0.2, no reference
std::vector<ResultRecord> TimedRun() {
  return {Timed(Record("level1/Math/Sqrt", 0, 0, Verdict::Pass), 10, 40, 20),
          Timed(Record("level1/Math/Sqrt", 1, 0, Verdict::Pass), 5, 40, 20),
          Timed(Record("level1/Math/Sqrt", 2, 0, Verdict::WrongAnswer), 1, 40, 20),
          Timed(Record("level1/Math/Neg", 0, 0, Verdict::WrongAnswer), 1, 100, 50),
          Timed(Record("level1/Math/Abs", 0, 0, Verdict::Pass), 20, 20, 10),
          Record("level2/Norm/RmsNorm", 0, 0, Verdict::Pass),
          Timed(Record("level2/Norm/LayerNorm", 0, 0, Verdict::Pass), 50, 10)};
}

TEST(SpeedupTest, GeometricMeanIsOverCorrectTimedUnits) {
  const Metrics metrics = ComputeMetrics(TimedRun(), ShapeMode::Static);
  EXPECT_TRUE(metrics.hasSimulatedTime);
  EXPECT_TRUE(metrics.hasReferenceTime);
  const SpeedupMetrics& eager = metrics.overall.speedups.at(Baseline::Eager);
  EXPECT_EQ(eager.timedUnits, 4);  // Sqrt 0 and 1, Abs, LayerNorm; not the wrong ones, not untimed RmsNorm
  ASSERT_TRUE(eager.geometricMean);
  EXPECT_NEAR(*eager.geometricMean, std::pow(4.0 * 8 * 1 * 0.2, 1.0 / 4), 1e-12);
  const SpeedupMetrics& reference = metrics.overall.speedups.at(Baseline::Reference);
  EXPECT_EQ(reference.timedUnits, 3);
  EXPECT_NEAR(*reference.geometricMean, std::cbrt(2.0 * 4 * 0.5), 1e-12);
  EXPECT_NEAR(*metrics.levels.at(1).speedups.at(Baseline::Eager).geometricMean, std::cbrt(4.0 * 8 * 1), 1e-12);
  EXPECT_NEAR(*metrics.categories.at("level2/Norm").speedups.at(Baseline::Eager).geometricMean, 0.2, 1e-12);
}

TEST(SpeedupTest, FastPCountsAllProblemsAndOnlyCorrectOnesStrictlyAboveP) {
  const Metrics metrics = ComputeMetrics(TimedRun(), ShapeMode::Static);
  const SpeedupMetrics& eager = metrics.overall.speedups.at(Baseline::Eager);
  EXPECT_EQ(eager.problems, 5);
  EXPECT_EQ(eager.timedProblems, 3);    // Sqrt (best 8), Abs (1), LayerNorm (0.2)
  EXPECT_EQ(eager.untimedProblems, 1);  // RmsNorm: correct but never fast
  EXPECT_DOUBLE_EQ(eager.fastP.at(0.0), 3.0 / 5);
  EXPECT_DOUBLE_EQ(eager.fastP.at(0.2), 2.0 / 5);  // LayerNorm's 0.2 is not above 0.2
  EXPECT_DOUBLE_EQ(eager.fastP.at(0.8), 2.0 / 5);
  EXPECT_DOUBLE_EQ(eager.fastP.at(1.0), 1.0 / 5);  // Abs's 1.0 is not above 1; Neg's 100x is wrong
  const SpeedupMetrics& reference = metrics.overall.speedups.at(Baseline::Reference);
  EXPECT_EQ(reference.untimedProblems, 2);  // RmsNorm, LayerNorm
  EXPECT_DOUBLE_EQ(reference.fastP.at(0.0), 2.0 / 5);
  EXPECT_DOUBLE_EQ(reference.fastP.at(0.8), 1.0 / 5);  // Sqrt's best sample: 4; Abs: 0.5
  EXPECT_DOUBLE_EQ(reference.fastP.at(1.0), 1.0 / 5);
  EXPECT_DOUBLE_EQ(metrics.levels.at(1).speedups.at(Baseline::Eager).fastP.at(1.0), 1.0 / 3);
  EXPECT_DOUBLE_EQ(metrics.levels.at(2).speedups.at(Baseline::Eager).fastP.at(0.0), 1.0 / 2);

  const ProblemRow& sqrt = metrics.problems[2];  // level1: Math/Abs, Math/Neg, Math/Sqrt
  ASSERT_EQ(sqrt.op, "Sqrt");
  ASSERT_TRUE(sqrt.fastest);
  EXPECT_EQ(sqrt.fastest->simulatedUs, 5.0) << "the fastest correct sample, not the faster wrong one";
  EXPECT_FALSE(metrics.problems[1].fastest) << "Neg has no correct sample";
}

TEST(SpeedupTest, RecordsWithoutTimesHaveNoSpeedupAndNoFastProblems) {
  const Metrics metrics = ComputeMetrics(StaticRun(), ShapeMode::Static);
  EXPECT_FALSE(metrics.hasSimulatedTime);
  const SpeedupMetrics& eager = metrics.overall.speedups.at(Baseline::Eager);
  EXPECT_FALSE(eager.geometricMean);
  EXPECT_EQ(eager.untimedProblems, 4);
  EXPECT_DOUBLE_EQ(eager.fastP.at(0.0), 0.0);
}

ResultRecord Extra(ResultRecord record, int listedCase) {
  record.extraOf = listedCase;
  return record;
}

TEST(UnitOutcomeTest, ExtraCasesJoinTheirListedCaseAndCountForCorrectnessOnly) {
  const std::vector<ResultRecord> statics = {
      Record("level1/Math/Muls", 0, 0, Verdict::Pass), Extra(Record("level1/Math/Muls", 0, 6, Verdict::WrongAnswer), 0),
      Extra(Record("level1/Math/Muls", 1, 7, Verdict::Pass), 0),  // recorded before its listed case
      Record("level1/Math/Muls", 1, 0, Verdict::Pass), Extra(Record("level1/Math/Muls", 2, 6, Verdict::Pass), 0)};
  const std::vector<UnitOutcome> units = UnitOutcomes(statics, ShapeMode::Static);
  ASSERT_EQ(units.size(), 3u);
  EXPECT_EQ(units[0].caseId, 0);
  EXPECT_FALSE(units[0].correct);
  EXPECT_TRUE(units[0].failsOnlyExtraCases);
  EXPECT_EQ(units[1].caseId, 0);
  EXPECT_TRUE(units[1].correct);
  EXPECT_FALSE(units[1].failsOnlyExtraCases);
  EXPECT_FALSE(units[2].correct) << "its listed case has no record yet";
  EXPECT_TRUE(units[2].incomplete);
  const Metrics metrics = ComputeMetrics(statics, ShapeMode::Static);
  ASSERT_EQ(metrics.problems.size(), 1u) << "extra cases are no problems of their own";
  EXPECT_EQ(metrics.problems[0].samples, 3);
  EXPECT_EQ(metrics.extraCaseRecords, 3);
  EXPECT_EQ(metrics.failsOnlyExtraCases, (std::vector<std::string>{"level1/Math/Muls sample 0 case 0"}));

  const std::vector<ResultRecord> dynamic = {
      Timed(Record("level1/Math/Muls", 0, 0, Verdict::Pass, 3), 10, 40),
      Timed(Record("level1/Math/Muls", 0, 1, Verdict::Pass, 3), 10, 10),
      Timed(Extra(Record("level1/Math/Muls", 0, 2, Verdict::WrongAnswer, 3), 0), 1, 1000)};
  const std::vector<UnitOutcome> dynamicUnits = UnitOutcomes(dynamic, ShapeMode::Dynamic);
  ASSERT_EQ(dynamicUnits.size(), 1u);
  EXPECT_FALSE(dynamicUnits[0].correct);
  EXPECT_TRUE(dynamicUnits[0].failsOnlyExtraCases);
  EXPECT_DOUBLE_EQ(*dynamicUnits[0].timing.SpeedupVsEager(), 2.0) << "times come from the listed cases";
  std::vector<ResultRecord> unfinished = dynamic;
  unfinished.pop_back();
  EXPECT_TRUE(UnitOutcomes(unfinished, ShapeMode::Dynamic)[0].incomplete) << "an extra case not yet run";
}

ResultRecord Failed(ResultRecord record, nlohmann::json details) {
  record.details = std::move(details);
  return record;
}

TEST(MetricsTest, CountsEachFailedUnitOnceByItsFirstFailure) {
  const nlohmann::json scope = {{"detail", "k.cpp:5:1: error: 'M_PI' was not declared in this scope\n"}};
  const std::vector<ResultRecord> dynamic = {
      Failed(Record("level1/Math/Sqrt", 0, 0, Verdict::CompileError, 2), scope),
      Failed(Record("level1/Math/Sqrt", 0, 1, Verdict::CompileError, 2), scope),
      Record("level1/Math/Sqrt", 1, 0, Verdict::Pass, 2),
      Failed(Record("level1/Math/Sqrt", 1, 1, Verdict::SimError, 2), {{"diagnostic_kind", "ub-overflow"}}),
      Record("level1/Math/Sqrt", 2, 0, Verdict::WrongAnswer, 2),
      Record("level1/Math/Sqrt", 2, 1, Verdict::Timeout, 2),
      Record("level1/Math/Sqrt", 3, 0, Verdict::Pass, 2),
      Record("level1/Math/Sqrt", 3, 1, Verdict::TaskError, 2)};
  const Metrics metrics = ComputeMetrics(dynamic, ShapeMode::Dynamic);
  EXPECT_EQ(metrics.failureClasses, (std::map<std::string, int>{
                                        {"compile:scope", 1}, {"runtime:ub-overflow", 1}, {"wrong_answer", 1}}));
  EXPECT_EQ(SummaryJson(metrics)["failure_taxonomy"]["compile:scope"], 1);
  const std::vector<ResultRecord> statics = {
      Record("level1/Math/Sqrt", 0, 0, Verdict::Pass), Extra(Record("level1/Math/Sqrt", 0, 6, Verdict::WrongAnswer), 0),
      Record("level1/Math/Sqrt", 0, 1, Verdict::Timeout)};
  EXPECT_EQ(ComputeMetrics(statics, ShapeMode::Static).failureClasses,
            (std::map<std::string, int>{{"timeout", 1}, {"wrong_answer", 1}}));
}

TEST(SpeedupTest, ADynamicUnitsSpeedupIsTheGeometricMeanOverItsCases) {
  const std::vector<ResultRecord> records = {
      Timed(Record("level1/Math/Sqrt", 0, 0, Verdict::Pass, 2), 10, 40),  // 4x
      Timed(Record("level1/Math/Sqrt", 0, 1, Verdict::Pass, 2), 10, 10),  // 1x
      Timed(Record("level1/Math/Sqrt", 1, 0, Verdict::Pass, 2), 1, 40),   // 40x, but case 1 has no time
      Record("level1/Math/Sqrt", 1, 1, Verdict::Pass, 2)};
  const Metrics metrics = ComputeMetrics(records, ShapeMode::Dynamic);
  const std::vector<UnitOutcome> units = UnitOutcomes(records, ShapeMode::Dynamic);
  ASSERT_EQ(units.size(), 2u);
  EXPECT_DOUBLE_EQ(*units[0].timing.SpeedupVsEager(), 2.0);
  EXPECT_DOUBLE_EQ(*units[0].timing.eagerUs, 20.0);
  EXPECT_FALSE(units[1].timing.simulatedUs);
  const SpeedupMetrics& eager = metrics.overall.speedups.at(Baseline::Eager);
  EXPECT_EQ(eager.timedUnits, 1);
  EXPECT_DOUBLE_EQ(*eager.geometricMean, 2.0);
  EXPECT_DOUBLE_EQ(eager.fastP.at(1.0), 1.0);
  EXPECT_FALSE(metrics.hasReferenceTime);
}

// A timing-only run checks nothing, so nothing is correct; its speeds are over the samples that ran to
// their end, and a failed sample (here a sim error, also timed up to nothing) does not count.
TEST(SpeedupTest, TimingOnlyRecordsCountForSpeedButNeverAsCorrect) {
  const std::vector<ResultRecord> records = {Timed(Record("level1/Math/Sqrt", 0, 0, Verdict::Timed), 10, 40),
                                             Timed(Record("level1/Math/Sqrt", 1, 0, Verdict::Timed), 20, 40),
                                             Timed(Record("level1/Math/Neg", 0, 0, Verdict::SimError), 1, 50),
                                             Timed(Record("level1/Math/Abs", 0, 0, Verdict::Timed), 40, 20)};
  const Metrics metrics = ComputeMetrics(records, ShapeMode::Static);
  EXPECT_TRUE(metrics.hasTimedOnly);
  EXPECT_EQ(metrics.overall.counts.correct, 0);
  EXPECT_EQ(metrics.overall.counts.compiled, 4);
  EXPECT_EQ(metrics.overall.verdicts.at(Verdict::Timed), 3);
  const SpeedupMetrics& eager = metrics.overall.speedups.at(Baseline::Eager);
  EXPECT_EQ(eager.timedUnits, 3);
  EXPECT_NEAR(*eager.geometricMean, std::cbrt(4.0 * 2 * 0.5), 1e-12);
  EXPECT_DOUBLE_EQ(eager.fastP.at(0.0), 2.0 / 3);  // Sqrt's best (4x) and Abs (0.5x); Neg failed
  EXPECT_DOUBLE_EQ(eager.fastP.at(1.0), 1.0 / 3);
  EXPECT_EQ(metrics.problems[2].fastest->simulatedUs, 10.0);  // level1: Abs, Neg, Sqrt

  const std::vector<ResultRecord> dynamic = {Timed(Record("level1/Math/Sqrt", 0, 0, Verdict::Timed, 3), 10, 40),
                                             Timed(Record("level1/Math/Sqrt", 0, 1, Verdict::Timed, 3), 10, 10)};
  const std::vector<UnitOutcome> units = UnitOutcomes(dynamic, ShapeMode::Dynamic);
  ASSERT_EQ(units.size(), 1u);
  EXPECT_FALSE(units[0].timedOnly) << "a sample still missing a case has not run to its end everywhere";
  EXPECT_FALSE(units[0].CountsForSpeed());
  EXPECT_FALSE(UnitOutcomes({dynamic[0]}, ShapeMode::Dynamic)[0].correct);
}

TEST(SummaryJsonTest, WritesMetricsToSummaryJson) {
  const fs::path out = fs::temp_directory_path() / ("akgen_summary_" + std::to_string(std::random_device{}()));
  fs::create_directories(out);
  WriteSummary(out, ComputeMetrics(StaticRun(), ShapeMode::Static));
  const nlohmann::json summary = nlohmann::json::parse(std::ifstream(out / kSummaryFileName));
  fs::remove_all(out);

  EXPECT_EQ(summary["shape_mode"], "static");
  EXPECT_EQ(summary["records"], 40);
  EXPECT_EQ(summary["overall"]["precision_pass"], 19);
  EXPECT_DOUBLE_EQ(summary["levels"]["level1"]["correctness_rate"].get<double>(), 0.6);
  EXPECT_EQ(summary["categories"]["level1/Comparison"]["compile_pass"], 5);
  EXPECT_DOUBLE_EQ(summary["overall"]["pass_at_k"]["1"]["value"].get<double>(), 0.475);
  EXPECT_EQ(summary["overall"]["pass_at_k"]["10"]["problems"], 4);
  EXPECT_FALSE(summary["overall"]["pass_at_k"].contains("100"));
  EXPECT_EQ(summary["overall"]["verdicts"]["timeout"], 9);
  EXPECT_DOUBLE_EQ(summary["score"]["npukernelbench"].get<double>(), 0.2 * 18 / 30 + 0.03);
  EXPECT_EQ(summary["score"]["weights"]["level2"], 0.3);
  ASSERT_EQ(summary["problems"].size(), 4u);
  EXPECT_EQ(summary["problems"][0]["op_definition"], "Comparison/Equal");
  EXPECT_EQ(summary["problems"][0]["case"], 0);
  EXPECT_EQ(summary["problems"][0]["parse_pass"], 8);
}

TEST(SummaryJsonTest, WritesSpeedupsAndFastP) {
  const nlohmann::json summary = SummaryJson(ComputeMetrics(TimedRun(), ShapeMode::Static));
  const nlohmann::json& eager = summary["overall"]["speedup"]["eager"];
  EXPECT_EQ(eager["problems"], 5);
  EXPECT_EQ(eager["untimed_correct_problems"], 1);
  EXPECT_DOUBLE_EQ(eager["fast_p"]["fast_0"].get<double>(), 0.6);
  EXPECT_DOUBLE_EQ(eager["fast_p"]["fast_0.2"].get<double>(), 0.4);
  EXPECT_DOUBLE_EQ(eager["fast_p"]["fast_1.0"].get<double>(), 0.2);
  EXPECT_TRUE(summary["levels"]["level2"]["speedup"]["reference"]["geometric_mean"].is_null());
  const nlohmann::json& sqrt = summary["problems"][2];
  EXPECT_EQ(sqrt["op_definition"], "Math/Sqrt");
  EXPECT_DOUBLE_EQ(sqrt["simulated_us"].get<double>(), 5.0);
  EXPECT_DOUBLE_EQ(sqrt["speedup_vs_eager"].get<double>(), 8.0);
  EXPECT_DOUBLE_EQ(sqrt["speedup_vs_reference"].get<double>(), 4.0);
  EXPECT_FALSE(summary["problems"][1].contains("simulated_us"));
}

}  // namespace
}  // namespace akgen::bench
