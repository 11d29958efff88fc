// The HTTP front of `akgen serve` (cpp-httplib), documented in docs/rl.md:
//   POST /v1/evaluations[?wait=S]        one request (serve/evaluation_request.h) → its job
//   GET  /v1/evaluations/{id}[?wait=S]   the job's result, or its status while it waits
//   POST /v1/evaluations:batch[?wait=S]  {"requests": [...]} → {"results": [...]} in order
//   POST /v1/openrlhf                    OpenRLHF's remote reward protocol → {"rewards", "scores", "extra_logs"}
//   GET  /v1/health, GET /metrics        liveness; Prometheus text
// Every refused request gets a 4xx whose "error" names the field and the fix. With a token, every
// route but /v1/health needs `Authorization: Bearer <token>`.
#pragma once
#include <httplib.h>

#include <string>

#include "serve/evaluation_request.h"
#include "serve/evaluation_service.h"

namespace akgen::serve {

struct HttpOptions {
  std::string token;  // empty: no authentication (only on a loopback address, see serve_command)
  size_t maxBodyBytes = 64u << 20;
  size_t maxBatchRequests = 4096;
  double maxWaitSeconds = 3600;  // the longest ?wait= honoured, and the OpenRLHF route's wait
  size_t threads = 256;  // requests served at once, waiting ones included
  RequestLimits limits;
  RewardWeights reward;  // the defaults a request's "reward" may change
};

// Routes the server's requests to `service`; both must outlive the server's listening.
void AddRoutes(httplib::Server& server, EvaluationService& service, SuiteCatalog& suites,
               const HttpOptions& options);

}  // namespace akgen::serve
