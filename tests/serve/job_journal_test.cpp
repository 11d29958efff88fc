#include "serve/job_journal.h"

#include <gtest/gtest.h>

#include <fstream>

namespace akgen::serve {
namespace {

namespace fs = std::filesystem;

class JobJournalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("journal-test-" + std::to_string(::getpid()) + "-" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }
  fs::path folder_;
};

TEST_F(JobJournalTest, ABatchIsTheOldestJobsThatShareTheOldestJobsSettings) {
  JobJournal journal(folder_ / "journal.sqlite");
  journal.Accept("a", {{"n", 1}}, "dynamic");
  journal.Accept("b", {{"n", 2}}, "static");
  journal.Accept("c", {{"n", 3}}, "dynamic");
  journal.Accept("d", {{"n", 4}}, "dynamic");
  const std::vector<Job> first = journal.TakeBatch(2);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].id, "a");
  EXPECT_EQ(first[1].id, "c");
  EXPECT_EQ(first[1].request["n"], 3);
  EXPECT_EQ(journal.Count(JobState::Running), 2);
  const std::vector<Job> second = journal.TakeBatch(10);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].id, "b");  // now the oldest queued
  EXPECT_EQ(journal.TakeBatch(10).size(), 1u);  // d
  EXPECT_TRUE(journal.TakeBatch(10).empty());
}

TEST_F(JobJournalTest, AResultIsKeptInTheOrderItWasWritten) {
  JobJournal journal(folder_ / "journal.sqlite");
  journal.Accept("a", {{"task", "t"}}, "s");
  journal.TakeBatch(1);
  nlohmann::ordered_json result = {{"verdict", "pass"}, {"reward", 0.4}, {"cases", nlohmann::ordered_json::array()}};
  journal.Finish("a", JobState::Done, result);
  const std::optional<Job> job = journal.Find("a");
  ASSERT_TRUE(job);
  EXPECT_EQ(job->state, JobState::Done);
  EXPECT_EQ(job->result.dump(), result.dump());
  EXPECT_GE(job->finishedAt, job->acceptedAt);
  EXPECT_FALSE(journal.Find("zz"));
}

TEST_F(JobJournalTest, AJobsFirstResultIsTheOneKept) {
  JobJournal journal(folder_ / "journal.sqlite");
  journal.Accept("a", {}, "s");
  journal.TakeBatch(1);
  EXPECT_TRUE(journal.Finish("a", JobState::Done, {{"verdict", "pass"}}));
  EXPECT_FALSE(journal.Finish("a", JobState::Done, {{"verdict", "wrong_answer"}}));  // judged again elsewhere
  EXPECT_EQ(journal.Find("a")->result["verdict"], "pass");
  journal.RecordBatch(2.5);
  const QueueStats stats = journal.Stats();
  EXPECT_EQ(stats.jobsByVerdict.at("pass"), 1);
  EXPECT_FALSE(stats.jobsByVerdict.contains("wrong_answer"));
  EXPECT_EQ(stats.batches, 1);
  EXPECT_EQ(stats.evaluationSeconds, 2.5);
}

TEST_F(JobJournalTest, AReopenedJournalRequeuesWhatWasRunningAndKeepsWhatWasDone) {
  {
    JobJournal journal(folder_ / "journal.sqlite");
    journal.Accept("a", {}, "s");
    journal.Accept("b", {}, "s");
    journal.Accept("c", {}, "s");
    journal.TakeBatch(2);
    journal.Finish("a", JobState::Done, {{"verdict", "pass"}});
  }
  JobJournal reopened(folder_ / "journal.sqlite");
  EXPECT_EQ(reopened.RequeueRunning(), 1);  // b
  EXPECT_EQ(reopened.Count(JobState::Queued), 2);
  EXPECT_EQ(reopened.Find("a")->state, JobState::Done);
  const std::vector<Job> batch = reopened.TakeBatch(10);
  ASSERT_EQ(batch.size(), 2u);
  EXPECT_EQ(batch[0].id, "b");
}

TEST_F(JobJournalTest, AnotherProgramsDatabaseIsRefused) {
  fs::create_directories(folder_);
  const fs::path file = folder_ / "other.sqlite";
  {
    sqlite3* database = nullptr;
    sqlite3_open(file.c_str(), &database);
    sqlite3_exec(database, "CREATE TABLE accounts (x INTEGER)", nullptr, nullptr, nullptr);
    sqlite3_close(database);
  }
  try {
    JobJournal journal(file);
    FAIL() << "opened another program's database";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("is another program's SQLite database, not a job journal"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace akgen::serve
