// akgen_scripted_server: an OpenAI-compatible server whose answers a JSON script fixes, for the
// shell end-to-end tests of `akgen generate`. It picks a free port on 127.0.0.1 and writes it to a
// file, logs every request body, and serves until SIGTERM or SIGINT.
//
//   akgen_scripted_server --script SCRIPT.json --port-file FILE --log LOG.jsonl
//
// SCRIPT.json: {"rules": [{"contains": "text", "content": "answer", "reasoning": "why",
//                          "fail_first": 0, "status": 200, "delay_seconds": 0}]}
// The first rule whose `contains` occurs in the request's last user message (chat) or prompt
// (completions) answers; a rule without `contains` answers anything. `content_file` (relative to
// the script) may replace `content`; `content_files`, a list, gives choice i of a request the
// (i mod length)-th file, so the samples of one request differ. `fail_first: N`: the rule's first N requests get 429 with
// `Retry-After: 0`. `status` other than 200: always that status, with an OpenAI error body.
#include <httplib.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Arguments {
  fs::path script;
  fs::path portFile;
  fs::path log;
};

struct Rule {
  std::optional<std::string> contains;
  std::vector<std::string> contents;  // choice i gets contents[i % size]
  std::string reasoning;
  int failFirst = 0;
  int status = 200;
  double delaySeconds = 0;
  int matched = 0;  // requests answered so far, for fail_first
};

struct Reply {
  int status = 200;
  json body;
  bool retryNow = false;  // send Retry-After: 0
  double delaySeconds = 0;
};

Arguments ParseArguments(int argc, char** argv) {
  Arguments arguments;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) throw std::runtime_error(flag + " needs a value");
    const fs::path value = argv[++i];
    if (flag == "--script") {
      arguments.script = value;
    } else if (flag == "--port-file") {
      arguments.portFile = value;
    } else if (flag == "--log") {
      arguments.log = value;
    } else {
      throw std::runtime_error("unknown option " + flag);
    }
  }
  if (arguments.script.empty() || arguments.portFile.empty() || arguments.log.empty())
    throw std::runtime_error("usage: akgen_scripted_server --script SCRIPT.json --port-file FILE --log LOG.jsonl");
  return arguments;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Rule ParseRule(const json& object, const fs::path& scriptDirectory, size_t index) {
  const std::string where = "rules[" + std::to_string(index) + "]";
  if (!object.is_object()) throw std::runtime_error(where + " is not an object");
  // Unknown keys are typos in a test's script: say so rather than ignore the intent.
  static const std::set<std::string> kKeys = {"contains",   "content", "content_file",  "content_files",
                                              "reasoning",  "fail_first", "status", "delay_seconds"};
  for (const auto& [key, value] : object.items())
    if (!kKeys.count(key)) throw std::runtime_error(where + " has an unknown key `" + key + "`");
  if (object.contains("content") + object.contains("content_file") + object.contains("content_files") > 1)
    throw std::runtime_error(where + " has more than one of content, content_file and content_files");
  Rule rule;
  if (object.contains("contains")) rule.contains = object["contains"].get<std::string>();
  if (object.contains("content_files")) {
    for (const json& file : object["content_files"]) rule.contents.push_back(ReadFile(scriptDirectory / file.get<std::string>()));
    if (rule.contents.empty()) throw std::runtime_error(where + " has an empty content_files");
  } else {
    rule.contents.push_back(object.contains("content_file")
                                ? ReadFile(scriptDirectory / object["content_file"].get<std::string>())
                                : object.value("content", std::string()));
  }
  rule.reasoning = object.value("reasoning", std::string());
  rule.failFirst = object.value("fail_first", 0);
  rule.status = object.value("status", 200);
  rule.delaySeconds = object.value("delay_seconds", 0.0);
  return rule;
}

std::vector<Rule> LoadScript(const fs::path& path) {
  const json script = json::parse(ReadFile(path));
  if (!script.contains("rules") || !script["rules"].is_array())
    throw std::runtime_error(path.string() + " has no `rules` array");
  std::vector<Rule> rules;
  for (size_t i = 0; i < script["rules"].size(); ++i)
    rules.push_back(ParseRule(script["rules"][i], path.parent_path(), i));
  return rules;
}

// A message's text: a string, or OpenAI's list of parts whose `text` parts are joined.
std::string TextOf(const json& content) {
  if (content.is_string()) return content.get<std::string>();
  std::string text;
  if (content.is_array())
    for (const json& part : content)
      if (part.is_object() && part.value("type", "") == "text") text += part.value("text", "");
  return text;
}

json ErrorBody(int status, const std::string& message) {
  return {{"error",
           {{"message", message},
            {"type", status == 429   ? "rate_limit_error"
                     : status >= 500 ? "server_error"
                                     : "invalid_request_error"},
            {"code", status}}}};
}

// Answers requests by the script; one instance serves every worker thread of the server.
class ScriptedReplies {
 public:
  explicit ScriptedReplies(std::vector<Rule> rules) : rules_(std::move(rules)) {}

  Reply Answer(const json& body, bool chat) {
    if (!body.is_object()) return {400, ErrorBody(400, "the request body is not a JSON object"), false, 0};
    std::string searched;  // the last user message, or the prompt
    size_t promptBytes = 0;
    if (chat) {
      for (const json& message : body.value("messages", json::array())) {
        const std::string text = TextOf(message.value("content", json()));
        promptBytes += text.size();
        if (message.value("role", "") == "user") searched = text;
      }
    } else {
      searched = TextOf(body.value("prompt", json()));
      promptBytes = searched.size();
    }
    std::lock_guard lock(mutex_);
    for (Rule& rule : rules_) {
      if (rule.contains && searched.find(*rule.contains) == std::string::npos) continue;
      ++rule.matched;
      if (rule.matched <= rule.failFirst)
        return {429, ErrorBody(429, "scripted rate limit (fail_first)"), true, rule.delaySeconds};
      if (rule.status != 200)
        return {rule.status, ErrorBody(rule.status, "scripted failure (status " + std::to_string(rule.status) + ")"),
                false, rule.delaySeconds};
      return {200, Completion(rule, body, chat, promptBytes), false, rule.delaySeconds};
    }
    return {400,
            ErrorBody(400, "no rule of the script matches the request; its text begins: " + searched.substr(0, 200)),
            false, 0};
  }

 private:
  static json Completion(const Rule& rule, const json& body, bool chat, size_t promptBytes) {
    const int n = body.value("n", 1);
    json choices = json::array();
    size_t replyBytes = 0;
    for (int i = 0; i < n; ++i) {
      const std::string& content = rule.contents[static_cast<size_t>(i) % rule.contents.size()];
      json choice = {{"index", i}, {"finish_reason", "stop"}};
      if (chat) {
        choice["message"] = {{"role", "assistant"}, {"content", content}};
        if (!rule.reasoning.empty()) choice["message"]["reasoning_content"] = rule.reasoning;
      } else {
        choice["text"] = rule.reasoning + "\n</think>\n" + content;  // the prompt ends in an open <think>
      }
      choices.push_back(choice);
      replyBytes += rule.reasoning.size() + content.size();
    }
    return {{"id", "scripted"},
            {"object", chat ? "chat.completion" : "text_completion"},
            {"created", 0},
            {"model", body.value("model", "scripted")},
            {"choices", choices},
            {"usage",
             {{"prompt_tokens", promptBytes / 4},
              {"completion_tokens", replyBytes / 4},
              {"total_tokens", promptBytes / 4 + replyBytes / 4}}}};
  }

  std::mutex mutex_;
  std::vector<Rule> rules_;
};

// One JSON line per request body, flushed at once so a test reads it while the server runs.
class RequestLog {
 public:
  explicit RequestLog(const fs::path& path) : out_(path, std::ios::trunc) {
    if (!out_) throw std::runtime_error("cannot write " + path.string());
  }
  void Write(const json& body) {
    std::lock_guard lock(mutex_);
    out_ << body.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush;
  }

 private:
  std::mutex mutex_;
  std::ofstream out_;
};

// Delays that end early when the server stops, so that stopping never waits for a scripted hang.
class Delays {
 public:
  void Wait(double seconds) {
    std::unique_lock lock(mutex_);
    wakeUp_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return stopping_; });
  }
  void StopAll() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wakeUp_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable wakeUp_;
  bool stopping_ = false;
};

// Written beside, then renamed: a reader polling for the file never sees half a number.
void WritePortFile(const fs::path& path, int port) {
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << port << '\n';
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  }
  fs::rename(temporary, path);
}

int Serve(const Arguments& arguments) {
  ScriptedReplies replies(LoadScript(arguments.script));
  RequestLog log(arguments.log);
  Delays delays;

  // SIGTERM and SIGINT are taken by sigwait below, so block them before any thread inherits the mask.
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGTERM);
  sigaddset(&stopSignals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

  httplib::Server server;
  for (const char* prefix : {"/v1", ""}) {
    for (const bool chat : {true, false}) {
      const std::string path = std::string(prefix) + (chat ? "/chat/completions" : "/completions");
      server.Post(path, [&, chat](const httplib::Request& request, httplib::Response& response) {
        json body = json::parse(request.body, nullptr, false);
        if (body.is_discarded()) body = request.body;  // logged as a string, answered 400
        log.Write(body);
        Reply reply;
        try {
          reply = replies.Answer(body, chat);
        } catch (const std::exception& error) {
          reply = {400, ErrorBody(400, std::string("bad request: ") + error.what()), false, 0};
        }
        if (reply.delaySeconds > 0) delays.Wait(reply.delaySeconds);
        if (reply.retryNow) response.set_header("Retry-After", "0");
        response.status = reply.status;
        response.set_content(reply.body.dump(), "application/json");
      });
    }
  }
  const int port = server.bind_to_any_port("127.0.0.1");
  if (port <= 0) throw std::runtime_error("cannot bind a port on 127.0.0.1");
  std::atomic<bool> loopEnded = false;
  std::thread listener([&] {
    server.listen_after_bind();
    loopEnded = true;
  });
  WritePortFile(arguments.portFile, port);

  int signal = 0;
  sigwait(&stopSignals, &signal);
  delays.StopAll();
  while (!server.is_running() && !loopEnded) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  server.stop();
  listener.join();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return Serve(ParseArguments(argc, argv));
  } catch (const std::exception& error) {
    std::cerr << "akgen_scripted_server: " << error.what() << '\n';
    return 2;
  }
}
