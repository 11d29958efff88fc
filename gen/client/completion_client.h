// Sends completion requests to an OpenAI-compatible server (vLLM, SGLang, Ollama, a hosted API)
// over HTTP, retrying what a busy or restarting server makes fail for a while: refused
// connections, timeouts, 408, 429, 5xx and bodies that are not a response.
#pragma once
#include <stdexcept>
#include <string>

#include "gen/client/completion.h"

namespace akgen::gen {

struct ClientOptions {
  std::string baseUrl;                // e.g. http://127.0.0.1:8000/v1 (a trailing slash is fine)
  std::string apiKey;                 // empty: no Authorization header (local servers)
  double connectTimeoutSeconds = 30;  // this and the next: 0 or less means no limit
  double readTimeoutSeconds = 1200;   // the whole request, sending to the end of the body
  int maxAttempts = 5;                // first try included
  double initialBackoffSeconds = 1;   // doubled each retry, with full jitter, capped
  double maxBackoffSeconds = 60;      // also caps a server's Retry-After
};

// A request that got no usable response: after the last attempt, or at once when retrying cannot
// help (400, 401, 404, …). The message says what happened, at which URL, and what to check.
struct RequestFailed : std::runtime_error {
  RequestFailed(const std::string& message, int status, int attempts, bool noServer = false);
  int status;    // the last HTTP status; 0 when no HTTP response came (refused, timed out)
  int attempts;  // how many requests were sent
  // No server answers at the URL (refused, unresolvable host, no connection, bad URL or
  // certificate): every request would fail alike. A read timeout or a broken connection is not.
  bool noServer;
};

// Thread-safe: Complete may be called from several threads at once, each call using a connection
// of its own.
class CompletionClient {
 public:
  explicit CompletionClient(ClientOptions options);

  // The parsed response, its latencySeconds measured over the attempt that succeeded. Throws
  // RequestFailed.
  CompletionResponse Complete(const CompletionRequest& request) const;

  // baseUrl + UrlPath(endpoint).
  std::string UrlOf(Endpoint endpoint) const;

 private:
  ClientOptions options_;
};

}  // namespace akgen::gen
