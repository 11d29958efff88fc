#include "gen/client/completion_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "gen/client/retry_policy.h"

namespace akgen::gen {
namespace {

// libcurl wants its global state set up once, before any handle, and not concurrently.
void InitCurlOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw std::runtime_error("libcurl failed to initialise");
  });
}

// What one HTTP exchange gave back, before any judgement of it.
struct HttpExchange {
  CURLcode transport = CURLE_OK;
  std::string transportError;  // curl's own description when transport is not CURLE_OK
  long osErrno = 0;            // the socket error behind a failed connection
  bool connected = false;
  long status = 0;
  std::string body;
  std::string retryAfter;  // the header of the last response, empty when absent
  double seconds = 0;
};

// Why an attempt produced no response, and whether another attempt may fare better.
struct AttemptFailure {
  std::string message;
  int status = 0;
  bool retryable = false;
  std::optional<double> retryAfterSeconds;
  // No server answers at this URL (refused, unresolvable, no connection, a bad URL or certificate):
  // every other request would fail alike.
  bool noServer = false;
};

struct AttemptResult {
  std::optional<CompletionResponse> response;
  AttemptFailure failure;
};

size_t AppendBody(char* data, size_t size, size_t count, void* target) {
  static_cast<std::string*>(target)->append(data, size * count);
  return size * count;
}

bool StartsWithIgnoringCase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         });
}

std::string Trimmed(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return "";
  return std::string(text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1));
}

// Keeps the Retry-After of the final response: a status line starts a new response (after a
// `100 Continue`, say), so it forgets what an earlier one said.
size_t ReadHeader(char* data, size_t size, size_t count, void* target) {
  const std::string_view line(data, size * count);
  auto& retryAfter = *static_cast<std::string*>(target);
  constexpr std::string_view kRetryAfter = "retry-after:";
  if (StartsWithIgnoringCase(line, "HTTP/")) retryAfter.clear();
  if (StartsWithIgnoringCase(line, kRetryAfter)) retryAfter = Trimmed(line.substr(kRetryAfter.size()));
  return size * count;
}

// curl reads 0 as "no limit", which is what a non-positive option means here too.
long Milliseconds(double seconds) { return seconds <= 0 ? 0 : std::max(1L, std::lround(seconds * 1000)); }

HttpExchange Post(const std::string& url, const std::string& body, const ClientOptions& options) {
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) throw std::runtime_error("libcurl could not create a handle (out of memory?)");
  curl_slist* headerList = nullptr;
  headerList = curl_slist_append(headerList, "Content-Type: application/json");
  headerList = curl_slist_append(headerList, "Accept: application/json");
  headerList = curl_slist_append(headerList, "Expect:");  // long prompts: no 100-continue round trip
  if (!options.apiKey.empty())
    headerList = curl_slist_append(headerList, ("Authorization: Bearer " + options.apiKey).c_str());
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers(headerList, curl_slist_free_all);

  HttpExchange exchange;
  char errorBuffer[CURL_ERROR_SIZE] = {};
  CURL* handle = curl.get();
  curl_easy_setopt(handle, CURLOPT_URL, url.c_str());
  curl_easy_setopt(handle, CURLOPT_POST, 1L);
  curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body.data());
  curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(handle, CURLOPT_USERAGENT, "akgen");
  curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, AppendBody);
  curl_easy_setopt(handle, CURLOPT_WRITEDATA, &exchange.body);
  curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, ReadHeader);
  curl_easy_setopt(handle, CURLOPT_HEADERDATA, &exchange.retryAfter);
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, errorBuffer);
  curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);  // timeouts without SIGALRM, which threads cannot share
  curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, Milliseconds(options.connectTimeoutSeconds));
  curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, Milliseconds(options.readTimeoutSeconds));

  const auto start = std::chrono::steady_clock::now();
  exchange.transport = curl_easy_perform(handle);
  exchange.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  exchange.transportError = errorBuffer[0] != '\0' ? errorBuffer : curl_easy_strerror(exchange.transport);
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &exchange.status);
  curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &exchange.osErrno);
  curl_off_t connectMicroseconds = 0;
  curl_easy_getinfo(handle, CURLINFO_CONNECT_TIME_T, &connectMicroseconds);
  exchange.connected = connectMicroseconds > 0;
  return exchange;
}

std::string Seconds(double seconds) {
  std::string text = std::to_string(seconds);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text + " s";
}

AttemptFailure TransportFailure(const HttpExchange& exchange, const std::string& url, const ClientOptions& options) {
  const std::string detail = " (" + exchange.transportError + ")";
  switch (exchange.transport) {
    case CURLE_COULDNT_CONNECT:
      if (exchange.osErrno == ECONNREFUSED)
        return {"connection refused at " + url + ": is the server running, and is the port of the base URL right?",
                0,
                true,
                {},
                true};
      return {"could not connect to " + url + detail + ": is the server running and reachable from here?", 0, true, {},
              true};
    case CURLE_COULDNT_RESOLVE_HOST:
      return {"cannot resolve the host of " + url + detail + ": check the base URL", 0, true, {}, true};
    case CURLE_OPERATION_TIMEDOUT:
      if (!exchange.connected)
        return {"no connection to " + url + " within " + Seconds(options.connectTimeoutSeconds) +
                    " (the connect timeout): is the server up and reachable from here?",
                0,
                true,
                {},
                true};
      return {"no complete response from " + url + " within " + Seconds(options.readTimeoutSeconds) +
                  " (the read timeout): the server may be overloaded or the generation too long; raise the read "
                  "timeout or lower max_tokens",
              0,
              true,
              {}};
    case CURLE_URL_MALFORMAT:
    case CURLE_UNSUPPORTED_PROTOCOL:
      return {"invalid URL " + url + detail + ": the base URL should look like http://127.0.0.1:8000/v1", 0, false, {},
              true};
    case CURLE_PEER_FAILED_VERIFICATION:
      return {
          "the TLS certificate of " + url + " is not trusted" + detail + ": check the base URL's host", 0, false, {},
          true};
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
      return {
          "the connection to " + url + " broke" + detail + ": the server may have restarted or crashed", 0, true, {}};
    default:
      return {"the request to " + url + " failed" + detail, 0, true, {}};
  }
}

// The first characters of a body, on one line, for a message.
std::string Excerpt(const std::string& body, size_t length = 300) {
  std::string excerpt = Trimmed(body.substr(0, length));
  std::replace_if(
      excerpt.begin(), excerpt.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return body.size() > length ? excerpt + "…" : excerpt;
}

// What the server said went wrong: OpenAI's `{"error": {"message": …}}`, the variants other servers
// send (`{"error": "…"}`, FastAPI's `{"detail": …}`, `{"message": …}`), or the start of the body.
std::string ServerMessage(const std::string& body) {
  const nlohmann::json json = nlohmann::json::parse(body, nullptr, false);
  if (json.is_object()) {
    for (const char* key : {"error", "detail", "message"}) {
      const auto found = json.find(key);
      if (found == json.end() || found->is_null()) continue;
      if (found->is_string()) return found->get<std::string>();
      if (const auto message = found->find("message"); found->is_object() && message != found->end())
        return message->is_string() ? message->get<std::string>() : message->dump();
      return found->dump();
    }
  }
  return Excerpt(body);
}

std::string StatusHint(long status) {
  if (status == 401 || status == 403) return "check the API key";
  if (status == 404)
    return "check the base URL (OpenAI-compatible servers serve under /v1), the endpoint (chat or completions) and "
           "the model name";
  if (status == 400 || status == 422)
    return "the server rejected the request: check the model name, max_tokens against the model's context length, "
           "and the sampling parameters";
  if (status == 413) return "the prompt is too large for the server";
  if (status == 408 || status == 504) return "the server or a proxy in front of it timed out";
  if (status == 429) return "the server is rate-limiting: send fewer requests in parallel, or wait";
  if (status >= 500) return "the server failed: see its log";
  if (status >= 300 && status < 400) return "the server redirects: use the URL it redirects to as the base URL";
  return "an OpenAI-compatible server answers 200";
}

AttemptFailure StatusFailure(const HttpExchange& exchange, const std::string& url) {
  const std::string message = ServerMessage(exchange.body);
  AttemptFailure failure{"HTTP " + std::to_string(exchange.status) + " from " + url +
                             (message.empty() ? "" : ": " + message) + ": " + StatusHint(exchange.status),
                         static_cast<int>(exchange.status),
                         IsRetryableStatus(exchange.status),
                         {}};
  if (HonoursRetryAfter(exchange.status) && !exchange.retryAfter.empty())
    failure.retryAfterSeconds = ParseRetryAfter(exchange.retryAfter, std::chrono::system_clock::now());
  return failure;
}

AttemptResult Judge(const HttpExchange& exchange, const std::string& url, const ClientOptions& options) {
  if (exchange.transport != CURLE_OK) return {{}, TransportFailure(exchange, url, options)};
  if (exchange.status < 200 || exchange.status > 299) return {{}, StatusFailure(exchange, url)};
  // A 2xx that is no response: a proxy's page, a half-written body, a server mid-restart.
  const std::string malformed = "malformed response from " + url + ": ";
  const std::string hint = " (the body starts: " + Excerpt(exchange.body, 200) +
                           "): is the base URL an OpenAI-compatible API, such as http://HOST:PORT/v1?";
  const nlohmann::json body = nlohmann::json::parse(exchange.body, nullptr, false);
  if (body.is_discarded()) return {{}, {malformed + "not JSON" + hint, static_cast<int>(exchange.status), true, {}}};
  if (body.is_object() && body.contains("error") && !body["error"].is_null())
    return {{},
            {"the server reported an error in a " + std::to_string(exchange.status) + " response from " + url + ": " +
                 ServerMessage(exchange.body),
             static_cast<int>(exchange.status),
             true,
             {}}};
  try {
    CompletionResponse response = ParseResponseBody(body);
    response.latencySeconds = exchange.seconds;
    return {std::move(response), {}};
  } catch (const std::exception& error) {
    return {{}, {malformed + error.what() + hint, static_cast<int>(exchange.status), true, {}}};
  }
}

double UnitRandom() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  return std::uniform_real_distribution<double>(0.0, 1.0)(generator);
}

std::string AttemptsNote(const AttemptFailure& failure, int attempts) {
  if (!failure.retryable)
    return attempts == 1 ? " (not retried)" : " (attempt " + std::to_string(attempts) + ", not retried)";
  return " (" + std::to_string(attempts) + (attempts == 1 ? " attempt)" : " attempts)");
}

}  // namespace

RequestFailed::RequestFailed(const std::string& message, int status, int attempts, bool noServer)
    : std::runtime_error(message), status(status), attempts(attempts), noServer(noServer) {}

CompletionClient::CompletionClient(ClientOptions options) : options_(std::move(options)) {
  while (!options_.baseUrl.empty() && options_.baseUrl.back() == '/') options_.baseUrl.pop_back();
  InitCurlOnce();
}

std::string CompletionClient::UrlOf(Endpoint endpoint) const { return options_.baseUrl + UrlPath(endpoint); }

CompletionResponse CompletionClient::Complete(const CompletionRequest& request) const {
  const std::string url = UrlOf(request.endpoint);
  // Replace, not throw: a prompt quoting a compiler's output may hold bytes that are not UTF-8.
  const std::string body = RequestBody(request).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const int maxAttempts = std::max(1, options_.maxAttempts);
  for (int attempt = 1;; ++attempt) {
    AttemptResult result = Judge(Post(url, body, options_), url, options_);
    if (result.response) return std::move(*result.response);
    const AttemptFailure& failure = result.failure;
    if (!failure.retryable || attempt >= maxAttempts)
      throw RequestFailed(failure.message + AttemptsNote(failure, attempt), failure.status, attempt, failure.noServer);
    const double wait = failure.retryAfterSeconds ? std::min(*failure.retryAfterSeconds, options_.maxBackoffSeconds)
                                                  : BackoffSeconds(attempt - 1, options_.initialBackoffSeconds,
                                                                   options_.maxBackoffSeconds, UnitRandom());
    std::this_thread::sleep_for(std::chrono::duration<double>(std::max(0.0, wait)));
  }
}

}  // namespace akgen::gen
