// `akgen serve` and `akgen worker`: the simulator as an evaluation and reward service over HTTP
// (serve/http_api.h, docs/rl.md). Embedded, the server keeps its jobs in STATE/journal.sqlite and
// judges them itself, so a restarted server judges every job it accepted; with --queue redis://…
// it queues them in Redis, and `akgen worker`s on any number of machines judge them.
#pragma once
#include <string>
#include <vector>

namespace akgen {

// What both commands judge with.
struct JudgeOptions {
  std::vector<std::string> suites;  // NAME=PATH; builtin is always there
  std::string stateDir;  // serve: journal and batches (default ./akgen-serve); worker: batches (./akgen-worker)
  std::string cacheDir;
  std::string cacheSize;
  unsigned jobs = 1;  // cases judged in parallel within a batch
  int maxBatch = 0;  // 0: 64 for serve's own worker; twice --jobs for `akgen worker`, so workers share a queue
  double runSeconds = 120;
  bool keepBatches = false;
  std::string queue;  // redis://HOST:PORT[/DB]; empty: the embedded journal
  double visibilitySeconds = 60;  // a worker silent this long is dead: its jobs are requeued
  // Requests may bring tasks of their own, whose reference Python runs in the oracle unsandboxed.
  bool trustInlineTasks = false;
};

struct ServeCommandOptions {
  JudgeOptions judge;
  std::string host = "127.0.0.1";
  int port = 8377;  // 0: any free port (printed)
  std::string tokenFile;  // required when host is not a loopback address
  std::string rewardFile;  // JSON weights over the defaults (serve/reward.h)
  double maxWaitSeconds = 3600;
};

int Serve(const ServeCommandOptions& options);
int Work(const JudgeOptions& options);  // `akgen worker`

}  // namespace akgen
