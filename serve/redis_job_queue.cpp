#include "serve/redis_job_queue.h"

#include <chrono>

namespace akgen::serve {
namespace {

constexpr const char* kQueue = "akgen:queue";
constexpr const char* kRunning = "akgen:running";
constexpr const char* kJobPrefix = "akgen:job:";
constexpr const char* kLeasePrefix = "akgen:lease:";
constexpr const char* kVerdicts = "akgen:verdicts";
constexpr const char* kBatches = "akgen:batches";

// KEYS: job, queue. ARGV: id, request, settings, accepted_at.
constexpr const char* kAcceptScript = R"lua(
redis.call('HSET', KEYS[1], 'request', ARGV[2], 'settings', ARGV[3], 'state', 'queued', 'accepted_at', ARGV[4])
redis.call('LPUSH', KEYS[2], ARGV[1])
return 1)lua";

// KEYS: queue, running. ARGV: lease prefix, job prefix, worker, lease ms. The oldest queued id, now
// running with this worker's lease; nil when the queue is empty. A job already judged (it was
// requeued, then finished by the worker thought dead) is dropped, not judged again.
constexpr const char* kTakeScript = R"lua(
while true do
  local id = redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
  if not id then return false end
  local state = redis.call('HGET', ARGV[2] .. id, 'state')
  if state == 'done' or state == 'failed' then
    redis.call('LREM', KEYS[2], 1, id)
  else
    redis.call('SET', ARGV[1] .. id, ARGV[3], 'PX', ARGV[4])
    redis.call('HSET', ARGV[2] .. id, 'state', 'running', 'worker', ARGV[3])
    return id
  end
end)lua";

// KEYS: lease. ARGV: worker, lease ms. Renews the lease while this worker holds it.
constexpr const char* kRenewScript = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0)lua";

// KEYS: running, queue, lease, job. ARGV: id. Requeues a running job whose lease expired, once.
constexpr const char* kRequeueScript = R"lua(
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
if redis.call('LREM', KEYS[1], 1, ARGV[1]) == 0 then return 0 end
local state = redis.call('HGET', KEYS[4], 'state')
if state == 'done' or state == 'failed' then return 0 end
redis.call('HSET', KEYS[4], 'state', 'queued')
redis.call('RPUSH', KEYS[2], ARGV[1])
return 1)lua";

// KEYS: job, running, lease, verdicts. ARGV: id, state, result, finished_at, verdict. Records the
// first result only.
constexpr const char* kFinishScript = R"lua(
redis.call('LREM', KEYS[2], 0, ARGV[1])
redis.call('DEL', KEYS[3])
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'done' or state == 'failed' then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'result', ARGV[3], 'finished_at', ARGV[4])
redis.call('HINCRBY', KEYS[4], ARGV[5], 1)
return 1)lua";

double Now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string Dump(const nlohmann::ordered_json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

RedisJobQueue::RedisJobQueue(const RedisAddress& address, double visibilitySeconds, std::string worker)
    : redis_(address), visibilitySeconds_(visibilitySeconds), worker_(std::move(worker)) {
  redis_.Command({"PING"});
}

std::string RedisJobQueue::LeaseMilliseconds() const {
  return std::to_string(static_cast<long long>(visibilitySeconds_ * 1000));
}

void RedisJobQueue::Accept(const std::string& id, const nlohmann::ordered_json& request,
                           const std::string& batchSettings) {
  redis_.Command({"EVAL", kAcceptScript, "2", kJobPrefix + id, kQueue, id, Dump(request), batchSettings,
                  std::to_string(Now())});
}

int RedisJobQueue::RequeueExpired() {
  int requeued = 0;
  for (const RedisReply& id : redis_.Command({"LRANGE", kRunning, "0", "-1"}).elements)
    requeued += static_cast<int>(redis_.Command({"EVAL", kRequeueScript, "4", kRunning, kQueue, kLeasePrefix + id.text,
                                                 kJobPrefix + id.text, id.text})
                                     .integer);
  return requeued;
}

std::vector<Job> RedisJobQueue::TakeBatch(int limit) {
  RequeueExpired();
  std::vector<Job> jobs;
  while (static_cast<int>(jobs.size()) < limit) {
    const RedisReply id =
        redis_.Command({"EVAL", kTakeScript, "2", kQueue, kRunning, kLeasePrefix, kJobPrefix, worker_, LeaseMilliseconds()});
    if (id.nil) break;
    if (std::optional<Job> job = Find(id.text)) jobs.push_back(std::move(*job));
  }
  return jobs;
}

void RedisJobQueue::KeepAlive(const std::vector<std::string>& ids) {
  for (const std::string& id : ids)
    redis_.Command({"EVAL", kRenewScript, "1", kLeasePrefix + id, worker_, LeaseMilliseconds()});
}

bool RedisJobQueue::Finish(const std::string& id, JobState state, const nlohmann::ordered_json& result) {
  const std::string verdict = state == JobState::Failed ? "failed" : result.value("verdict", "");
  return redis_
             .Command({"EVAL", kFinishScript, "4", kJobPrefix + id, kRunning, kLeasePrefix + id, kVerdicts, id,
                       ToString(state), Dump(result), std::to_string(Now()), verdict})
             .integer == 1;
}

void RedisJobQueue::RecordBatch(double seconds) {
  redis_.Command({"HINCRBY", kBatches, "count", "1"});
  redis_.Command({"HINCRBYFLOAT", kBatches, "seconds", std::to_string(seconds)});
}

std::optional<Job> RedisJobQueue::Find(const std::string& id) {
  const RedisReply fields = redis_.Command({"HGETALL", kJobPrefix + id});
  if (fields.elements.empty()) return std::nullopt;
  Job job;
  job.id = id;
  for (size_t i = 0; i + 1 < fields.elements.size(); i += 2) {
    const std::string& key = fields.elements[i].text;
    const std::string& value = fields.elements[i + 1].text;
    if (key == "request") job.request = nlohmann::ordered_json::parse(value);
    if (key == "settings") job.batchSettings = value;
    if (key == "state") job.state = ParseJobState(value);
    if (key == "result") job.result = nlohmann::ordered_json::parse(value);
    if (key == "accepted_at") job.acceptedAt = std::stod(value);
    if (key == "finished_at") job.finishedAt = std::stod(value);
  }
  return job;
}

QueueStats RedisJobQueue::Stats() {
  QueueStats stats;
  stats.queued = static_cast<int>(redis_.Command({"LLEN", kQueue}).integer);
  stats.running = static_cast<int>(redis_.Command({"LLEN", kRunning}).integer);
  const RedisReply verdicts = redis_.Command({"HGETALL", kVerdicts});
  for (size_t i = 0; i + 1 < verdicts.elements.size(); i += 2)
    stats.jobsByVerdict[verdicts.elements[i].text] = std::stol(verdicts.elements[i + 1].text);
  const RedisReply batches = redis_.Command({"HGETALL", kBatches});
  for (size_t i = 0; i + 1 < batches.elements.size(); i += 2) {
    if (batches.elements[i].text == "count") stats.batches = std::stol(batches.elements[i + 1].text);
    if (batches.elements[i].text == "seconds") stats.evaluationSeconds = std::stod(batches.elements[i + 1].text);
  }
  return stats;
}

}  // namespace akgen::serve
