// `akgen serve`: the simulator as an evaluation and reward service over HTTP (serve/http_api.h,
// docs/rl.md). Jobs are kept in STATE/journal.sqlite, so a restarted server judges every job it
// accepted.
#pragma once
#include <string>
#include <vector>

namespace akgen {

struct ServeCommandOptions {
  std::string host = "127.0.0.1";
  int port = 8377;  // 0: any free port (printed)
  std::vector<std::string> suites;  // NAME=PATH; builtin is always served
  std::string stateDir = "akgen-serve";
  std::string tokenFile;  // required when host is not a loopback address
  std::string rewardFile;  // JSON weights over the defaults (serve/reward.h)
  std::string cacheDir;
  std::string cacheSize;
  unsigned jobs = 1;  // cases judged in parallel within a batch
  int maxBatch = 64;
  double runSeconds = 120;
  double maxWaitSeconds = 3600;
  bool keepBatches = false;
};

int Serve(const ServeCommandOptions& options);

}  // namespace akgen
