// Test support: an OpenAI-compatible HTTP server on 127.0.0.1 whose replies a test scripts, so the
// client is tested over real sockets (timeouts, refused connections, headers) rather than a mock.
#pragma once
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace akgen::gen::scripted {

struct Reply {
  int status = 200;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // beyond Content-Type
  double delaySeconds = 0;                                   // before answering: a server that hangs, or is slow
};

struct RecordedRequest {
  std::string path;
  httplib::Headers headers;  // names compared ignoring case
  nlohmann::json body;       // null when the body was not JSON
};

// The body and the index of the request (0 for the first the server received).
using ReplyHandler = std::function<Reply(const nlohmann::json& body, int requestIndex)>;

class ScriptedServer {
 public:
  explicit ScriptedServer(ReplyHandler handler) : handler_(std::move(handler)) {
    server_.Post(R"(/.*)",
                 [this](const httplib::Request& request, httplib::Response& response) { Answer(request, response); });
    port_ = server_.bind_to_any_port("127.0.0.1");
    if (port_ <= 0) throw std::runtime_error("ScriptedServer: cannot bind a port on 127.0.0.1");
    // The socket listens from the bind on, so requests sent before the loop runs wait in its backlog.
    listener_ = std::thread([this] {
      server_.listen_after_bind();
      loopEnded_ = true;
    });
  }

  ~ScriptedServer() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wakeUp_.notify_all();  // delayed replies end now, so the server's workers can be joined
    // stop() only acts on a running loop; the thread may not have got there yet.
    while (!server_.is_running() && !loopEnded_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    server_.stop();
    listener_.join();
  }

  ScriptedServer(const ScriptedServer&) = delete;
  ScriptedServer& operator=(const ScriptedServer&) = delete;

  int Port() const { return port_; }
  std::string BaseUrl() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

  std::vector<RecordedRequest> Requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }
  size_t RequestCount() const {
    std::lock_guard lock(mutex_);
    return requests_.size();
  }

 private:
  void Answer(const httplib::Request& request, httplib::Response& response) {
    nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
    if (body.is_discarded()) body = nullptr;
    int index = 0;
    {
      std::lock_guard lock(mutex_);
      index = static_cast<int>(requests_.size());
      requests_.push_back({request.path, request.headers, body});
    }
    const Reply reply = handler_(body, index);
    if (reply.delaySeconds > 0) {
      std::unique_lock lock(mutex_);
      wakeUp_.wait_for(lock, std::chrono::duration<double>(reply.delaySeconds), [this] { return stopping_; });
    }
    response.status = reply.status;
    for (const auto& [name, value] : reply.headers) response.set_header(name, value);
    response.set_content(reply.body, "application/json");
  }

  ReplyHandler handler_;
  httplib::Server server_;
  int port_ = 0;
  std::thread listener_;
  std::atomic<bool> loopEnded_ = false;
  mutable std::mutex mutex_;
  std::condition_variable wakeUp_;
  bool stopping_ = false;
  std::vector<RecordedRequest> requests_;
};

struct ScriptedChoice {
  std::string content;
  std::string reasoning;  // empty: no reasoning_content field
  std::string finishReason = "stop";
};

// A chat-completions response body as vLLM writes it.
inline nlohmann::json ChatBody(const std::vector<ScriptedChoice>& choices, int promptTokens = 0,
                               int completionTokens = 0) {
  nlohmann::json body = {{"id", "chatcmpl-scripted"},
                         {"object", "chat.completion"},
                         {"created", 0},
                         {"model", "scripted"},
                         {"choices", nlohmann::json::array()}};
  for (size_t i = 0; i < choices.size(); ++i) {
    nlohmann::json message = {{"role", "assistant"}, {"content", choices[i].content}};
    if (!choices[i].reasoning.empty()) message["reasoning_content"] = choices[i].reasoning;
    body["choices"].push_back({{"index", i}, {"message", message}, {"finish_reason", choices[i].finishReason}});
  }
  body["usage"] = {{"prompt_tokens", promptTokens},
                   {"completion_tokens", completionTokens},
                   {"total_tokens", promptTokens + completionTokens}};
  return body;
}

// A completions response body: each choice's `text` as given.
inline nlohmann::json CompletionsBody(const std::vector<std::string>& texts, int promptTokens = 0,
                                      int completionTokens = 0) {
  nlohmann::json body = {{"id", "cmpl-scripted"},
                         {"object", "text_completion"},
                         {"created", 0},
                         {"model", "scripted"},
                         {"choices", nlohmann::json::array()}};
  for (size_t i = 0; i < texts.size(); ++i)
    body["choices"].push_back({{"index", i}, {"text", texts[i]}, {"finish_reason", "stop"}});
  body["usage"] = {{"prompt_tokens", promptTokens},
                   {"completion_tokens", completionTokens},
                   {"total_tokens", promptTokens + completionTokens}};
  return body;
}

// An error body as OpenAI writes it.
inline nlohmann::json ErrorBody(const std::string& message, const std::string& type = "invalid_request_error") {
  return {{"error", {{"message", message}, {"type", type}, {"code", nullptr}}}};
}

inline Reply JsonReply(const nlohmann::json& body, int status = 200) { return {status, body.dump(), {}, 0}; }

}  // namespace akgen::gen::scripted
