#include "serve/job_journal.h"

#include <chrono>
#include <stdexcept>

#include "gen/cache/sqlite_statement.h"

namespace akgen::serve {
namespace {

using gen::SqliteStatement;

// "akgj": marks the file as a job journal of ours.
constexpr int kApplicationId = 0x616b676a;

constexpr const char* kSchema = R"sql(
  CREATE TABLE IF NOT EXISTS jobs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL,
    request TEXT NOT NULL,
    batch_settings TEXT NOT NULL,
    result TEXT,
    accepted_at REAL NOT NULL,
    finished_at REAL
  );
  CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, seq))sql";

constexpr const char* kColumns = "id, state, request, batch_settings, result, accepted_at, finished_at";

double Now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

Job ReadJob(const SqliteStatement& row) {
  Job job;
  job.id = row.Text(0);
  job.state = ParseJobState(row.Text(1));
  job.request = nlohmann::ordered_json::parse(row.Text(2));
  job.batchSettings = row.Text(3);
  const std::string result = row.Text(4);
  if (!result.empty()) job.result = nlohmann::ordered_json::parse(result);
  job.acceptedAt = row.Double(5);
  job.finishedAt = row.Double(6);
  return job;
}

}  // namespace

JobJournal::JobJournal(const std::filesystem::path& file)
    : file_(file),
      database_(gen::OpenOwnDatabase(file, {kApplicationId, "jobs", kSchema,
                                            "SELECT id, state, request, batch_settings, result, accepted_at, "
                                            "finished_at FROM jobs LIMIT 0",
                                            "job journal"})) {}

JobJournal::~JobJournal() { sqlite3_close(database_); }

int JobJournal::RequeueRunning() {
  std::lock_guard lock(mutex_);
  gen::SqliteExecute(database_, "UPDATE jobs SET state = 'queued' WHERE state = 'running'",
                     file_.string() + ": cannot requeue the running jobs");
  return sqlite3_changes(database_);
}

void JobJournal::Accept(const std::string& id, const nlohmann::ordered_json& request, const std::string& batchSettings) {
  std::lock_guard lock(mutex_);
  SqliteStatement insert(database_,
                         "INSERT INTO jobs (id, state, request, batch_settings, accepted_at) "
                         "VALUES (?1, 'queued', ?2, ?3, ?4)",
                         file_.string());
  insert.Bind(1, id);
  insert.Bind(2, request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  insert.Bind(3, batchSettings);
  insert.Bind(4, Now());
  if (insert.Step() != SQLITE_DONE)
    throw std::runtime_error(file_.string() + ": cannot record a job: " + sqlite3_errmsg(database_));
}

std::vector<Job> JobJournal::TakeBatch(int limit) {
  std::lock_guard lock(mutex_);
  gen::SqliteExecute(database_, "BEGIN IMMEDIATE", file_.string() + ": cannot take jobs");
  std::vector<Job> jobs;
  try {
    const std::string select = std::string("SELECT ") + kColumns +
                               " FROM jobs WHERE state = 'queued' AND batch_settings = (SELECT batch_settings FROM "
                               "jobs WHERE state = 'queued' ORDER BY seq LIMIT 1) ORDER BY seq LIMIT ?1";
    SqliteStatement query(database_, select.c_str(), file_.string());
    query.Bind(1, limit);
    while (query.Step() == SQLITE_ROW) jobs.push_back(ReadJob(query));
    SqliteStatement mark(database_, "UPDATE jobs SET state = 'running' WHERE id = ?1", file_.string());
    for (Job& job : jobs) {
      mark.Bind(1, job.id);
      if (mark.Step() != SQLITE_DONE)
        throw std::runtime_error(file_.string() + ": cannot mark a job running: " + sqlite3_errmsg(database_));
      mark.Reset();
      job.state = JobState::Running;
    }
    gen::SqliteExecute(database_, "COMMIT", file_.string() + ": cannot take jobs");
  } catch (...) {
    sqlite3_exec(database_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  return jobs;
}

bool JobJournal::Finish(const std::string& id, JobState state, const nlohmann::ordered_json& result) {
  std::lock_guard lock(mutex_);
  SqliteStatement update(database_,
                         "UPDATE jobs SET state = ?2, result = ?3, finished_at = ?4 WHERE id = ?1 AND state IN "
                         "('queued', 'running')",
                         file_.string());
  update.Bind(1, id);
  update.Bind(2, std::string(ToString(state)));
  update.Bind(3, result.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  update.Bind(4, Now());
  if (update.Step() != SQLITE_DONE)
    throw std::runtime_error(file_.string() + ": cannot record a job's result: " + sqlite3_errmsg(database_));
  if (sqlite3_changes(database_) == 0) return false;
  ++judged_.jobsByVerdict[state == JobState::Failed ? "failed" : result.value("verdict", "")];
  return true;
}

void JobJournal::RecordBatch(double seconds) {
  std::lock_guard lock(mutex_);
  ++judged_.batches;
  judged_.evaluationSeconds += seconds;
}

std::optional<Job> JobJournal::Find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const std::string select = std::string("SELECT ") + kColumns + " FROM jobs WHERE id = ?1";
  SqliteStatement query(database_, select.c_str(), file_.string());
  query.Bind(1, id);
  if (query.Step() != SQLITE_ROW) return std::nullopt;
  return ReadJob(query);
}

int JobJournal::Count(JobState state) const {
  std::lock_guard lock(mutex_);
  SqliteStatement query(database_, "SELECT count(*) FROM jobs WHERE state = ?1", file_.string());
  query.Bind(1, std::string(ToString(state)));
  return query.Step() == SQLITE_ROW ? query.Int(0) : 0;
}

QueueStats JobJournal::Stats() {
  QueueStats stats;
  {
    std::lock_guard lock(mutex_);
    stats = judged_;
  }
  stats.queued = Count(JobState::Queued);
  stats.running = Count(JobState::Running);
  return stats;
}

}  // namespace akgen::serve
