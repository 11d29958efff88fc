#include "serve_command.h"

#include <signal.h>

#include <fstream>
#include <iostream>
#include <thread>

#include "bench/oracle/oracle.h"
#include "cache_location.h"
#include "serve/batch_worker.h"
#include "serve/http_api.h"
#include "serve/job_journal.h"
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

}  // namespace

int Serve(const ServeCommandOptions& options) {
  // SIGINT and SIGTERM stop the server from a thread of their own, so the batch in hand finishes
  // and is recorded; blocked before any thread starts, so every thread inherits the mask.
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGINT);
  sigaddset(&stopSignals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
  try {
    serve::HttpOptions http;
    http.maxWaitSeconds = options.maxWaitSeconds;
    if (!options.tokenFile.empty()) http.token = ReadToken(options.tokenFile);
    if (http.token.empty() && !IsLoopback(options.host))
      throw std::runtime_error("--host " + options.host +
                               " lets other machines in: give --token-file FILE (a secret of at least 16 characters)");
    serve::SuiteCatalog suites;
    suites.Add("builtin", SuiteRoot("builtin"));
    for (const std::string& suite : options.suites) {
      const size_t equals = suite.find('=');
      if (equals == std::string::npos || equals == 0 || suite.substr(0, equals) == "builtin")
        throw std::runtime_error("--suite takes NAME=PATH (a name other than builtin), not '" + suite + "'");
      suites.Add(suite.substr(0, equals), suite.substr(equals + 1));
    }
    const std::filesystem::path state = std::filesystem::absolute(options.stateDir);
    serve::WorkerConfig worker;
    worker.maxBatch = options.maxBatch;
    worker.keepBatches = options.keepBatches;
    worker.judge.batchesDir = state / "batches";
    http.reward = ReadRewardWeights(options.rewardFile);
    bench::EvalOptions& eval = worker.judge.eval;
    eval.cacheDir = CacheDirOption(options.cacheDir);
    eval.cacheLimitBytes = CacheSizeOption(options.cacheSize);
    eval.jobs = options.jobs;
    eval.runSeconds = options.runSeconds;
    eval.oracle = bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, eval.cacheDir / "golden");

    serve::JobJournal journal(state / "journal.sqlite");
    const int requeued = journal.RequeueRunning();  // their worker was this process, and it died
    std::unique_ptr<serve::BatchWorker> localWorker;
    serve::EvaluationService service(journal, [&] { if (localWorker) localWorker->Wake(); });
    localWorker = std::make_unique<serve::BatchWorker>(journal, suites, worker, std::cerr,
                                                       [&] { service.JobsFinished(); });
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
    std::cout << "; journal " << (state / "journal.sqlite").string();
    if (requeued > 0) std::cout << "; " << requeued << " unfinished jobs requeued";
    std::cout << ")" << std::endl;
    server.listen_after_bind();
    if (server.is_running()) server.stop();
    pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
    std::cout << "akgen serve: stopped; unfinished jobs stay in the journal" << std::endl;
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "akgen serve: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace akgen
