#include "bench/results/results_store.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "bench/results/result_record.h"
#include "bench/results/results_file.h"
#include "bench/results/resume.h"
#include "bench/task/task_tree.h"

namespace akgen::bench {
namespace {
namespace fs = std::filesystem;

class OutDir {
 public:
  OutDir() : path_(fs::temp_directory_path() / ("akgen_results_" + std::to_string(std::random_device{}()))) {}
  ~OutDir() { fs::remove_all(path_); }
  const fs::path& Path() const { return path_; }
  fs::path File() const { return path_ / kResultsFileName; }
  std::string Text() const {
    std::ifstream stream(File(), std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
  }
  void Write(const std::string& text) const {
    fs::create_directories(path_);
    std::ofstream(File(), std::ios::binary) << text;
  }

 private:
  fs::path path_;
};

ResultRecord Record(int sample, int caseId, Verdict verdict) {
  ResultRecord record;
  record.task = "level1/Math/Sqrt";
  record.level = 1;
  record.category = "Math";
  record.op = "Sqrt";
  record.sample = sample;
  record.caseId = caseId;
  record.verdict = verdict;
  record.caseCount = 5;
  return record;
}

std::string Line(const ResultRecord& record) { return ToJson(record).dump() + "\n"; }

TEST(ResultRecordTest, WritesTheDocumentedFields) {
  ResultRecord record = Record(3, 2, Verdict::WrongAnswer);
  record.shapeMode = ShapeMode::Dynamic;
  record.templateMode = "full";
  record.details = {{"max_abs_error", 0.5}, {"first_bad_index", 17}};
  const nlohmann::ordered_json json = ToJson(record);
  EXPECT_EQ(json, nlohmann::ordered_json::parse(R"({"task":"level1/Math/Sqrt","level":1,"category":"Math","op":"Sqrt",
      "sample":3,"case":2,"verdict":"wrong_answer","shape_mode":"dynamic","template_mode":"full","case_count":5,
      "details":{"first_bad_index":17,"max_abs_error":0.5}})"));
  const ResultRecord back = RecordFromJson(json);
  EXPECT_EQ(ToJson(back), json);
}

TEST(ResultRecordTest, MakesRecordsFromTaskAndCandidate) {
  const TaskTree tree = ReadTaskTree(fs::path(AKGEN_TEST_DATA_DIR) / "tasks");
  const Task& task = tree.tasks.at(0);
  const ResultRecord record =
      MakeRecord(task, AnswerCandidate(task), 1, ShapeMode::Static, Verdict::Pass, {{"seconds", 0.25}});
  EXPECT_EQ(record.task, "level1/Math/Halve");
  EXPECT_EQ(record.level, 1);
  EXPECT_EQ(record.category, "Math");
  EXPECT_EQ(record.op, "Halve");
  EXPECT_EQ(record.caseId, 1);
  EXPECT_EQ(record.templateMode, "full");
  EXPECT_EQ(record.caseCount, 3);
  EXPECT_EQ(record.details["seconds"], 0.25);
}

TEST(ResultRecordTest, RejectsMalformedRecordsNamingTheField) {
  nlohmann::json json = nlohmann::json::parse(ToJson(Record(0, 0, Verdict::Pass)).dump());
  json["verdict"] = "passed";
  EXPECT_THROW(
      {
        try {
          RecordFromJson(json);
        } catch (const std::invalid_argument& error) {
          EXPECT_STREQ(error.what(), "unknown verdict `passed`");
          throw;
        }
      },
      std::invalid_argument);
  json.erase("verdict");
  EXPECT_THROW(RecordFromJson(json), std::invalid_argument);
  json["verdict"] = "pass";
  json["sample"] = "0";
  EXPECT_THROW(RecordFromJson(json), std::invalid_argument);
}

TEST(VerdictTest, NamesRoundTripAndStagesFollowThePipeline) {
  for (Verdict verdict : kAllVerdicts) EXPECT_EQ(ParseVerdict(ToString(verdict)), verdict);
  EXPECT_EQ(ParseVerdict("timeout"), Verdict::Timeout);
  EXPECT_FALSE(PassedParse(Verdict::ParseError));
  EXPECT_TRUE(PassedParse(Verdict::CompileError));
  EXPECT_FALSE(PassedCompile(Verdict::CompileError));
  EXPECT_TRUE(PassedCompile(Verdict::TilingError));
  EXPECT_TRUE(PassedCompile(Verdict::WrongAnswer));
}

TEST(ResultsStoreTest, AppendsOneLinePerRecordAndResumesFromThem) {
  const OutDir out;
  {
    ResultsStore store(out.Path());
    EXPECT_TRUE(store.Records().empty());
    store.Append(Record(0, 0, Verdict::Pass));
    EXPECT_EQ(out.Text(), Line(Record(0, 0, Verdict::Pass)));  // on disk before the store is gone
    store.Append(Record(1, 0, Verdict::CompileError));
    EXPECT_TRUE(store.IsDone({"level1/Math/Sqrt", 1, 0}));
  }
  const ResultsStore reopened(out.Path());
  EXPECT_TRUE(reopened.Warnings().empty());
  EXPECT_TRUE(reopened.IsDone({"level1/Math/Sqrt", 0, 0}));
  EXPECT_TRUE(reopened.IsDone({"level1/Math/Sqrt", 1, 0}));
  EXPECT_FALSE(reopened.IsDone({"level1/Math/Sqrt", 1, 1}));
  ASSERT_EQ(reopened.Records().size(), 2u);
  EXPECT_EQ(reopened.Records()[1].verdict, Verdict::CompileError);
}

TEST(ResultsStoreTest, KeepsEveryRecordOfAProcessKilledMidRun) {
  const OutDir out;
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ResultsStore store(out.Path());
    for (int sample = 0; sample < 3; ++sample) store.Append(Record(sample, 0, Verdict::Pass));
    raise(SIGKILL);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(ResultsStore(out.Path()).Records().size(), 3u);
}

TEST(ResultsStoreTest, CutsAnUnfinishedLastLineWithAWarningAndAppendsCleanly) {
  const OutDir out;
  const std::string finished = Line(Record(0, 0, Verdict::Pass)) + Line(Record(1, 0, Verdict::Timeout));
  out.Write(finished + R"({"task":"level1/Math/Sqrt","level":1,"categ)");
  ResultsStore store(out.Path());
  ASSERT_EQ(store.Warnings().size(), 1u);
  EXPECT_NE(store.Warnings()[0].find(out.File().string() + ":3: warning: ignoring an unfinished record"),
            std::string::npos);
  EXPECT_EQ(store.Records().size(), 2u);
  EXPECT_EQ(out.Text(), finished);
  store.Append(Record(2, 0, Verdict::Pass));
  EXPECT_EQ(out.Text(), finished + Line(Record(2, 0, Verdict::Pass)));
  EXPECT_TRUE(ResultsStore(out.Path()).Warnings().empty());
}

TEST(ResultsStoreTest, AddsTheMissingNewlineOfAFinishedLastLine) {
  const OutDir out;
  std::string first = Line(Record(0, 0, Verdict::Pass));
  first.pop_back();
  out.Write(first);
  ResultsStore store(out.Path());
  EXPECT_TRUE(store.Warnings().empty());
  store.Append(Record(1, 0, Verdict::Pass));
  EXPECT_EQ(out.Text(), Line(Record(0, 0, Verdict::Pass)) + Line(Record(1, 0, Verdict::Pass)));
}

TEST(ResultsStoreTest, ADamagedLineBeforeTheLastIsAnErrorNamingIt) {
  const OutDir out;
  out.Write(Line(Record(0, 0, Verdict::Pass)) + "\nnot json\n" + Line(Record(1, 0, Verdict::Pass)));
  try {
    ResultsStore store(out.Path());
    FAIL() << "a damaged line was accepted";
  } catch (const ResultsFileError& error) {
    EXPECT_NE(std::string(error.what()).find(out.File().string() + ":3: not a result record"), std::string::npos)
        << error.what();
    EXPECT_NE(std::string(error.what()).find("repair or delete this line"), std::string::npos);
  }
}

TEST(ResultsStoreTest, TheLastRecordOfAKeyWins) {
  const OutDir out;
  out.Write(Line(Record(0, 0, Verdict::CompileError)) + Line(Record(1, 0, Verdict::Pass)) +
            Line(Record(0, 0, Verdict::Pass)));
  const LoadedResults loaded = LoadResults(out.File());
  ASSERT_EQ(loaded.records.size(), 2u);
  EXPECT_EQ(loaded.records[0].sample, 0);
  EXPECT_EQ(loaded.records[0].verdict, Verdict::Pass);
  EXPECT_TRUE(LoadResults(out.Path() / "absent.jsonl").records.empty());
}

TEST(ResultsStoreTest, ConcurrentAppendsKeepWholeLines) {
  const OutDir out;
  ResultsStore store(out.Path());
  std::vector<std::thread> threads;
  for (int thread = 0; thread < 4; ++thread) {
    threads.emplace_back([&store, thread] {
      for (int i = 0; i < 50; ++i) store.Append(Record(thread * 100 + i, 0, Verdict::Pass));
    });
  }
  for (std::thread& thread : threads) thread.join();
  const LoadedResults loaded = LoadResults(out.File());
  EXPECT_TRUE(loaded.warnings.empty());
  EXPECT_EQ(loaded.records.size(), 200u);
}

TEST(ResumeTest, DropsFinishedCasesAndFinishedUnits) {
  const OutDir out;
  const TaskTree tree = ReadTaskTree(fs::path(AKGEN_TEST_DATA_DIR) / "tasks");
  const Task& task = tree.tasks.at(0);  // Halve, cases 0, 1, 2
  Candidate sample0 = AnswerCandidate(task);
  Candidate sample1 = sample0;
  sample1.sample = 1;
  ResultsStore store(out.Path());
  store.Append(MakeRecord(task, sample0, 0, ShapeMode::Dynamic, Verdict::Pass));
  store.Append(MakeRecord(task, sample0, 2, ShapeMode::Dynamic, Verdict::Pass));
  store.Append(MakeRecord(task, sample1, 0, ShapeMode::Dynamic, Verdict::Pass));
  store.Append(MakeRecord(task, sample1, 1, ShapeMode::Dynamic, Verdict::Pass));
  store.Append(MakeRecord(task, sample1, 2, ShapeMode::Dynamic, Verdict::WrongAnswer));

  const std::vector<EvaluationUnit> dynamicUnits = PlanEvaluation(task, {sample0, sample1}, ShapeMode::Dynamic).units;
  const std::vector<EvaluationUnit> remaining = RemainingUnits(dynamicUnits, store);
  ASSERT_EQ(remaining.size(), 1u);
  EXPECT_EQ(remaining[0].candidate.sample, 0);
  EXPECT_EQ(remaining[0].caseIds, std::vector<int>{1});

  const std::vector<EvaluationUnit> staticUnits = PlanEvaluation(task, {sample0, sample1}, ShapeMode::Static).units;
  EXPECT_TRUE(RemainingUnits(staticUnits, store).empty());
}

}  // namespace
}  // namespace akgen::bench
