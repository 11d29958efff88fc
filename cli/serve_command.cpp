#include "serve_command.h"

#include <signal.h>
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <thread>

#include "bench/oracle/oracle.h"
#include "cache_location.h"
#include "serve/batch_worker.h"
#include "serve/http_api.h"
#include "serve/job_journal.h"
#include "serve/redis_job_queue.h"
#include "suite_location.h"

namespace akgen {
namespace {

bool IsLoopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.starts_with("127.");
}

std::string ReadToken(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("--token-file " + file + ": cannot be read");
  std::string token;
  std::getline(in, token);
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
  if (token.size() < 16)
    throw std::runtime_error("--token-file " + file + ": its first line must be a token of at least 16 characters");
  return token;
}

serve::RewardWeights ReadRewardWeights(const std::string& file) {
  if (file.empty()) return {};
  std::ifstream in(file);
  if (!in) throw std::runtime_error("--reward " + file + ": cannot be read");
  try {
    return serve::RewardWeightsFromJson(nlohmann::json::parse(in));
  } catch (const nlohmann::json::parse_error& error) {
    throw std::runtime_error("--reward " + file + ": not JSON: " + error.what());
  } catch (const std::invalid_argument& error) {
    throw std::runtime_error("--reward " + file + ": " + error.what());
  }
}

// The named suites; and inline tasks, written below STATE/inline-tasks, when the operator trusts them.
void ReadSuites(const JudgeOptions& options, const std::filesystem::path& state, serve::SuiteCatalog& catalog) {
  if (options.trustInlineTasks) catalog.AllowInlineTasks(state / "inline-tasks");
  catalog.Add("builtin", SuiteRoot("builtin"));
  for (const std::string& suite : options.suites) {
    const size_t equals = suite.find('=');
    if (equals == std::string::npos || equals == 0 || suite.substr(0, equals) == "builtin")
      throw std::runtime_error("--suite takes NAME=PATH (a name other than builtin), not '" + suite + "'");
    catalog.Add(suite.substr(0, equals), suite.substr(equals + 1));
  }
}

// `sharedQueue`: other workers take from the same queue, so one does not take more than it can
// start on soon.
serve::WorkerConfig MakeWorkerConfig(const JudgeOptions& options, const std::filesystem::path& state, bool sharedQueue) {
  serve::WorkerConfig worker;
  worker.maxBatch = options.maxBatch > 0 ? options.maxBatch : sharedQueue ? 2 * int(options.jobs) : 64;
  worker.keepBatches = options.keepBatches;
  worker.keepAliveSeconds = options.visibilitySeconds / 3;
  worker.judge.batchesDir = state / "batches";
  bench::EvalOptions& eval = worker.judge.eval;
  eval.cacheDir = CacheDirOption(options.cacheDir);
  eval.cacheLimitBytes = CacheSizeOption(options.cacheSize);
  eval.jobs = options.jobs;
  eval.runSeconds = options.runSeconds;
  eval.oracle = bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, eval.cacheDir / "golden");
  return worker;
}

std::unique_ptr<serve::RedisJobQueue> OpenRedisQueue(const JudgeOptions& options, const std::string& worker) {
  if (options.visibilitySeconds <= 0) throw std::runtime_error("--visibility-timeout must be a positive number of seconds");
  try {
    return std::make_unique<serve::RedisJobQueue>(serve::ParseRedisUrl(options.queue), options.visibilitySeconds, worker);
  } catch (const std::invalid_argument& error) {
    throw std::runtime_error(std::string("--queue: ") + error.what());
  }
}

// SIGINT and SIGTERM are taken by sigwait, so the batch in hand finishes and is recorded; blocked
// before any thread starts, so every thread inherits the mask.
sigset_t BlockStopSignals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  return signals;
}

std::string WorkerName() {
  char host[256] = {};
  gethostname(host, sizeof(host) - 1);
  return std::string(host) + ":" + std::to_string(getpid());
}

}  // namespace

int Serve(const ServeCommandOptions& options) {
  sigset_t stopSignals = BlockStopSignals();
  try {
    serve::HttpOptions http;
    http.maxWaitSeconds = options.maxWaitSeconds;
    http.reward = ReadRewardWeights(options.rewardFile);
    if (!options.tokenFile.empty()) http.token = ReadToken(options.tokenFile);
    if (http.token.empty() && !IsLoopback(options.host))
      throw std::runtime_error("--host " + options.host +
                               " lets other machines in: give --token-file FILE (a secret of at least 16 characters)");
    const std::filesystem::path state =
        std::filesystem::absolute(options.judge.stateDir.empty() ? "akgen-serve" : options.judge.stateDir);
    serve::SuiteCatalog suites;
    ReadSuites(options.judge, state, suites);

    // Embedded: the journal, and this process's worker; shared: Redis, and `akgen worker`s.
    std::unique_ptr<serve::JobQueue> queue;
    std::string where;
    int requeued = 0;
    if (options.judge.queue.empty()) {
      auto journal = std::make_unique<serve::JobJournal>(state / "journal.sqlite");
      requeued = journal->RequeueRunning();  // their worker was this process, and it died
      where = "journal " + (state / "journal.sqlite").string();
      queue = std::move(journal);
    } else {
      queue = OpenRedisQueue(options.judge, "server " + WorkerName());
      where = "queue " + serve::ParseRedisUrl(options.judge.queue).ToString() + ", judged by akgen worker";
    }
    std::unique_ptr<serve::BatchWorker> localWorker;
    serve::EvaluationService service(*queue, [&] {
      if (localWorker) localWorker->Wake();
    });
    if (options.judge.queue.empty())
      localWorker = std::make_unique<serve::BatchWorker>(*queue, suites, MakeWorkerConfig(options.judge, state, false),
                                                         std::cerr, [&] { service.JobsFinished(); });
    httplib::Server server;
    serve::AddRoutes(server, service, suites, http);
    const int port = options.port == 0 ? server.bind_to_any_port(options.host)
                                       : (server.bind_to_port(options.host, options.port) ? options.port : -1);
    if (port < 0)
      throw std::runtime_error("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                               " (in use? choose another --port, or 0 for any free one)");
    std::thread stopper([&] {
      int signal = 0;
      sigwait(&stopSignals, &signal);
      server.stop();
    });
    std::cout << "akgen serve: listening on http://" << options.host << ":" << port << " (suites:";
    for (const std::string& name : suites.Names()) std::cout << " " << name;
    std::cout << "; " << where;
    if (requeued > 0) std::cout << "; " << requeued << " unfinished jobs requeued";
    std::cout << ")" << std::endl;
    server.listen_after_bind();
    if (server.is_running()) server.stop();
    pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
    localWorker.reset();  // finishes the batch in hand
    std::cout << "akgen serve: stopped; unfinished jobs stay queued" << std::endl;
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "akgen serve: " << error.what() << '\n';
    return 1;
  }
}

int Work(const JudgeOptions& options) {
  sigset_t stopSignals = BlockStopSignals();
  try {
    if (options.queue.empty()) throw std::runtime_error("--queue redis://HOST:PORT names the queue to take jobs from");
    const std::filesystem::path state =
        std::filesystem::absolute(options.stateDir.empty() ? "akgen-worker" : options.stateDir);
    serve::SuiteCatalog suites;
    ReadSuites(options, state, suites);
    const std::string name = WorkerName();
    std::unique_ptr<serve::RedisJobQueue> queue = OpenRedisQueue(options, name);
    serve::BatchWorker worker(*queue, suites, MakeWorkerConfig(options, state, true), std::cerr);
    std::cout << "akgen worker: " << name << " takes jobs from " << serve::ParseRedisUrl(options.queue).ToString()
              << " (suites:";
    for (const std::string& suite : suites.Names()) std::cout << " " << suite;
    std::cout << ")" << std::endl;
    int signal = 0;
    sigwait(&stopSignals, &signal);
    std::cout << "akgen worker: stopping after the batch in hand" << std::endl;
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "akgen worker: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace akgen
