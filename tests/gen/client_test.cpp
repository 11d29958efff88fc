#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "gen/client/completion_client.h"
#include "gen/client/retry_policy.h"
#include "tests/gen/scripted_server.h"

namespace akgen::gen {
namespace {

using scripted::ChatBody;
using scripted::CompletionsBody;
using scripted::ErrorBody;
using scripted::JsonReply;
using scripted::Reply;
using scripted::ScriptedServer;

// Small waits so that every retrying test stays well under a second, unless it waits on purpose.
ClientOptions FastOptions(const std::string& baseUrl) {
  ClientOptions options;
  options.baseUrl = baseUrl;
  options.connectTimeoutSeconds = 2;
  options.readTimeoutSeconds = 5;
  options.maxAttempts = 3;
  options.initialBackoffSeconds = 0.01;
  options.maxBackoffSeconds = 0.05;
  return options;
}

CompletionRequest ChatRequest(int n = 1) {
  CompletionRequest request;
  request.model = "kernelgen";
  request.messages = {{"system", "You write AscendC kernels."}, {"user", "Write an add kernel."}};
  request.params.n = n;
  return request;
}

Reply Answer(const std::string& content, const std::string& reasoning = "") {
  return JsonReply(ChatBody({{content, reasoning}}, 12, 34));
}

::testing::AssertionResult Contains(const char* textExpression, const char*, const std::string& text,
                                    const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << textExpression << " is \"" << text << "\"\nwhich lacks \"" << part << "\"";
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Throws unless Complete fails with RequestFailed; returns it.
RequestFailed CompleteFailing(const CompletionClient& client, const CompletionRequest& request) {
  try {
    client.Complete(request);
  } catch (const RequestFailed& failure) {
    return failure;
  }
  throw std::logic_error("Complete succeeded where it should have failed");
}

TEST(CompletionClientTest, ChatSuccessKeepsReasoningApart) {
  ScriptedServer server([](const nlohmann::json&, int) { return Answer("the kernel", "plan the tiles"); });
  const CompletionResponse response = CompletionClient(FastOptions(server.BaseUrl())).Complete(ChatRequest());
  ASSERT_EQ(response.choices.size(), 1u);
  EXPECT_EQ(response.choices[0].answer, "the kernel");
  EXPECT_EQ(response.choices[0].reasoning, "plan the tiles");
  EXPECT_EQ(response.choices[0].finishReason, "stop");
  EXPECT_EQ(response.promptTokens, 12);
  EXPECT_EQ(response.completionTokens, 34);
  EXPECT_GT(response.latencySeconds, 0);

  const auto requests = server.Requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].path, "/v1/chat/completions");
  EXPECT_EQ(requests[0].headers.find("Content-Type")->second, "application/json");
  EXPECT_EQ(requests[0].body["model"], "kernelgen");
  EXPECT_EQ(requests[0].body["messages"][1]["content"], "Write an add kernel.");
}

TEST(CompletionClientTest, AskingForSeveralChoicesReturnsThemAll) {
  ScriptedServer server([](const nlohmann::json& body, int) {
    std::vector<scripted::ScriptedChoice> choices;
    for (int i = 0; i < body.value("n", 1); ++i) choices.push_back({"answer " + std::to_string(i), "", "stop"});
    return JsonReply(ChatBody(choices));
  });
  const CompletionResponse response = CompletionClient(FastOptions(server.BaseUrl())).Complete(ChatRequest(3));
  ASSERT_EQ(response.choices.size(), 3u);
  EXPECT_EQ(response.choices[2].answer, "answer 2");
  EXPECT_EQ(server.Requests()[0].body["n"], 3);
}

TEST(CompletionClientTest, RateLimitThenSuccessIsRetried) {
  ScriptedServer server([](const nlohmann::json&, int index) {
    if (index == 0) return Reply{429, ErrorBody("slow down").dump(), {{"Retry-After", "0"}}, 0};
    return Answer("the kernel");
  });
  const CompletionResponse response = CompletionClient(FastOptions(server.BaseUrl())).Complete(ChatRequest());
  EXPECT_EQ(response.choices[0].answer, "the kernel");
  EXPECT_EQ(server.RequestCount(), 2u);
}

TEST(CompletionClientTest, RetryAfterIsWaitedInsteadOfTheBackoff) {
  ScriptedServer server([](const nlohmann::json&, int index) {
    if (index == 0) return Reply{429, ErrorBody("slow down").dump(), {{"Retry-After", "1"}}, 0};
    return Answer("the kernel");
  });
  ClientOptions options = FastOptions(server.BaseUrl());
  options.maxBackoffSeconds = 5;  // Retry-After is capped by it
  const auto start = std::chrono::steady_clock::now();
  CompletionClient(options).Complete(ChatRequest());
  EXPECT_GE(SecondsSince(start), 1.0);
  EXPECT_EQ(server.RequestCount(), 2u);
}

TEST(CompletionClientTest, ServerErrorThenSuccessIsRetried) {
  ScriptedServer server([](const nlohmann::json&, int index) {
    if (index == 0) return JsonReply(ErrorBody("engine restarting", "server_error"), 500);
    return Answer("the kernel");
  });
  EXPECT_EQ(CompletionClient(FastOptions(server.BaseUrl())).Complete(ChatRequest()).choices[0].answer, "the kernel");
  EXPECT_EQ(server.RequestCount(), 2u);
}

TEST(CompletionClientTest, ServerErrorThatPersistsFailsAfterTheLastAttempt) {
  ScriptedServer server(
      [](const nlohmann::json&, int) { return JsonReply(ErrorBody("engine dead", "server_error"), 503); });
  const RequestFailed failure = CompleteFailing(CompletionClient(FastOptions(server.BaseUrl())), ChatRequest());
  EXPECT_EQ(failure.status, 503);
  EXPECT_EQ(failure.attempts, 3);
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "HTTP 503 from " + server.BaseUrl() + "/chat/completions: engine dead");
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "(3 attempts)");
  EXPECT_EQ(server.RequestCount(), 3u);
}

TEST(CompletionClientTest, MalformedBodyIsRetried) {
  ScriptedServer server([](const nlohmann::json&, int index) {
    if (index == 0) return Reply{200, "not json", {}, 0};
    return Answer("the kernel");
  });
  EXPECT_EQ(CompletionClient(FastOptions(server.BaseUrl())).Complete(ChatRequest()).choices[0].answer, "the kernel");
  EXPECT_EQ(server.RequestCount(), 2u);
}

TEST(CompletionClientTest, MalformedBodyThatStaysMalformedFailsClearly) {
  ScriptedServer server([](const nlohmann::json&, int) { return Reply{200, "not json", {}, 0}; });
  const RequestFailed failure = CompleteFailing(CompletionClient(FastOptions(server.BaseUrl())), ChatRequest());
  EXPECT_EQ(failure.attempts, 3);
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "malformed response from " + server.BaseUrl() + "/chat/completions");
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "not json");
  EXPECT_EQ(server.RequestCount(), 3u);
}

TEST(CompletionClientTest, JsonWithoutChoicesIsMalformed) {
  ScriptedServer server([](const nlohmann::json&, int) { return JsonReply({{"object", "list"}}); });
  const RequestFailed failure = CompleteFailing(CompletionClient(FastOptions(server.BaseUrl())), ChatRequest());
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "no choices");
  EXPECT_EQ(server.RequestCount(), 3u);
}

TEST(CompletionClientTest, HangPastTheReadTimeoutIsRetriedThenFailsClearly) {
  ScriptedServer server([](const nlohmann::json&, int) {
    Reply reply = Answer("too late");
    reply.delaySeconds = 3;
    return reply;
  });
  ClientOptions options = FastOptions(server.BaseUrl());
  options.readTimeoutSeconds = 0.5;
  options.maxAttempts = 2;
  const auto start = std::chrono::steady_clock::now();
  const RequestFailed failure = CompleteFailing(CompletionClient(options), ChatRequest());
  EXPECT_LT(SecondsSince(start), 2.5);
  EXPECT_EQ(failure.status, 0);
  EXPECT_EQ(failure.attempts, 2);
  EXPECT_FALSE(failure.noServer) << "a slow answer fails this request only";
  EXPECT_PRED_FORMAT2(Contains, failure.what(),
                      ("no complete response from " + server.BaseUrl() + "/chat/completions"));
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "within 0.5 s (the read timeout)");
  EXPECT_EQ(server.RequestCount(), 2u);
}

TEST(CompletionClientTest, BadRequestIsNotRetriedAndCarriesTheServerMessage) {
  ScriptedServer server(
      [](const nlohmann::json&, int) { return JsonReply(ErrorBody("max_tokens is too large: 40000 > 32768"), 400); });
  const RequestFailed failure = CompleteFailing(CompletionClient(FastOptions(server.BaseUrl())), ChatRequest());
  EXPECT_EQ(failure.status, 400);
  EXPECT_EQ(failure.attempts, 1);
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "HTTP 400 from " + server.BaseUrl() + "/chat/completions");
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "max_tokens is too large: 40000 > 32768");
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "not retried");
  EXPECT_EQ(server.RequestCount(), 1u);
}

TEST(CompletionClientTest, NotFoundNamesTheUrlAndWhatToCheck) {
  ScriptedServer server([](const nlohmann::json&, int) { return JsonReply({{"detail", "Not Found"}}, 404); });
  const RequestFailed failure = CompleteFailing(CompletionClient(FastOptions(server.BaseUrl())), ChatRequest());
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "HTTP 404 from " + server.BaseUrl() + "/chat/completions: Not Found");
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "check the base URL");
  EXPECT_EQ(server.RequestCount(), 1u);
}

TEST(CompletionClientTest, ApiKeyIsSentAsBearer) {
  ScriptedServer server([](const nlohmann::json&, int) { return Answer("the kernel"); });
  ClientOptions options = FastOptions(server.BaseUrl());
  options.apiKey = "sk-test-123";
  CompletionClient(options).Complete(ChatRequest());
  const auto headers = server.Requests()[0].headers;
  ASSERT_EQ(headers.count("Authorization"), 1u);
  EXPECT_EQ(headers.find("Authorization")->second, "Bearer sk-test-123");
}

TEST(CompletionClientTest, NoAuthorizationHeaderWithoutAKey) {
  ScriptedServer server([](const nlohmann::json&, int) { return Answer("the kernel"); });
  CompletionClient(FastOptions(server.BaseUrl())).Complete(ChatRequest());
  EXPECT_EQ(server.Requests()[0].headers.count("Authorization"), 0u);
}

TEST(CompletionClientTest, CompletionsEndpointSendsThePrompt) {
  ScriptedServer server(
      [](const nlohmann::json&, int) { return JsonReply(CompletionsBody({"plan the tiles\n</think>\nthe kernel"})); });
  CompletionRequest request = ChatRequest();
  request.endpoint = Endpoint::Completions;
  const CompletionResponse response = CompletionClient(FastOptions(server.BaseUrl() + "/")).Complete(request);
  EXPECT_EQ(response.choices[0].answer, "the kernel");
  EXPECT_EQ(response.choices[0].reasoning, "plan the tiles");
  const auto requests = server.Requests();
  EXPECT_EQ(requests[0].path, "/v1/completions");
  EXPECT_EQ(requests[0].body["prompt"], RenderChatMl(request.messages));
  EXPECT_FALSE(requests[0].body.contains("messages"));
}

TEST(CompletionClientTest, TrailingSlashesOfTheBaseUrlAreDropped) {
  ClientOptions options;
  options.baseUrl = "http://127.0.0.1:8000/v1//";
  EXPECT_EQ(CompletionClient(options).UrlOf(Endpoint::Chat), "http://127.0.0.1:8000/v1/chat/completions");
}

// A port on 127.0.0.1 that nothing listens on: bound (so no one else takes it) but not listening.
class UnlistenedPort {
 public:
  UnlistenedPort() : socket_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    if (socket_ < 0 || ::bind(socket_, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
        ::getsockname(socket_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
      throw std::runtime_error("cannot bind a port on 127.0.0.1");
    port_ = ntohs(address.sin_port);
  }
  ~UnlistenedPort() { ::close(socket_); }
  int Port() const { return port_; }

 private:
  int socket_;
  int port_ = 0;
};

TEST(CompletionClientTest, ConnectionRefusedFailsClearly) {
  const UnlistenedPort port;
  const std::string url = "http://127.0.0.1:" + std::to_string(port.Port()) + "/v1";
  const RequestFailed failure = CompleteFailing(CompletionClient(FastOptions(url)), ChatRequest());
  EXPECT_EQ(failure.status, 0);
  EXPECT_EQ(failure.attempts, 3);
  EXPECT_TRUE(failure.noServer) << "every request would fail alike";
  EXPECT_PRED_FORMAT2(Contains, failure.what(),
                      ("connection refused at " + url + "/chat/completions: is the server running"));
  EXPECT_PRED_FORMAT2(Contains, failure.what(), "(3 attempts)");
}

TEST(CompletionClientTest, ConcurrentCallsEachGetTheirAnswer) {
  ScriptedServer server([](const nlohmann::json& body, int) {
    return Answer("answer to " + body["messages"][1]["content"].get<std::string>());
  });
  const CompletionClient client(FastOptions(server.BaseUrl()));
  std::atomic<int> correct = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 3; ++i) {
        CompletionRequest request = ChatRequest();
        request.messages[1].content = std::to_string(t) + "/" + std::to_string(i);
        if (client.Complete(request).choices[0].answer == "answer to " + request.messages[1].content) ++correct;
      }
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(correct, 12);
}

TEST(RetryPolicyTest, BackoffDoublesUpToTheCapTimesTheJitter) {
  EXPECT_DOUBLE_EQ(BackoffSeconds(0, 1, 60, 1.0), 1);
  EXPECT_DOUBLE_EQ(BackoffSeconds(3, 1, 60, 1.0), 8);
  EXPECT_DOUBLE_EQ(BackoffSeconds(3, 1, 60, 0.25), 2);
  EXPECT_DOUBLE_EQ(BackoffSeconds(6, 1, 60, 1.0), 60);
  EXPECT_DOUBLE_EQ(BackoffSeconds(5000, 1, 60, 0.5), 30);  // no overflow after many retries
  EXPECT_DOUBLE_EQ(BackoffSeconds(2, 0.5, 60, 0.0), 0);
}

TEST(RetryPolicyTest, RetryableStatuses) {
  for (long status : {408L, 429L, 500L, 502L, 503L, 504L}) EXPECT_TRUE(IsRetryableStatus(status)) << status;
  for (long status : {200L, 400L, 401L, 403L, 404L, 413L, 422L}) EXPECT_FALSE(IsRetryableStatus(status)) << status;
  EXPECT_TRUE(HonoursRetryAfter(429));
  EXPECT_TRUE(HonoursRetryAfter(503));
  EXPECT_FALSE(HonoursRetryAfter(500));
}

TEST(RetryPolicyTest, RetryAfterInSeconds) {
  const auto now = std::chrono::system_clock::now();
  EXPECT_EQ(ParseRetryAfter("0", now), 0.0);
  EXPECT_EQ(ParseRetryAfter("120", now), 120.0);
  EXPECT_EQ(ParseRetryAfter(" 7 ", now), 7.0);
  EXPECT_EQ(ParseRetryAfter("", now), std::nullopt);
  EXPECT_EQ(ParseRetryAfter("-3", now), std::nullopt);
  EXPECT_EQ(ParseRetryAfter("soon", now), std::nullopt);
}

TEST(RetryPolicyTest, RetryAfterAsAnHttpDate) {
  using namespace std::chrono;
  const system_clock::time_point now = sys_days(year(2024) / January / day(1));  // a Monday, midnight UTC
  EXPECT_EQ(ParseRetryAfter("Mon, 01 Jan 2024 00:00:30 GMT", now), 30.0);
  EXPECT_EQ(ParseRetryAfter("Tue, 02 Jan 2024 01:00:00 GMT", now), 90000.0);
  EXPECT_EQ(ParseRetryAfter("Sun, 31 Dec 2023 23:59:00 GMT", now), 0.0);  // already past
  EXPECT_EQ(ParseRetryAfter("Mon, 01 Foo 2024 00:00:30 GMT", now), std::nullopt);
  EXPECT_EQ(ParseRetryAfter("Mon, 31 Feb 2024 00:00:30 GMT", now), std::nullopt);
  EXPECT_EQ(ParseRetryAfter("Mon, 01 Jan 2024 00:00:30 UTC", now), std::nullopt);
}

}  // namespace
}  // namespace akgen::gen
