#include "gen/client/completion.h"

#include <stdexcept>

namespace akgen::gen {

nlohmann::ordered_json MessagesJson(const std::vector<ChatMessage>& messages) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const ChatMessage& message : messages) list.push_back({{"role", message.role}, {"content", message.content}});
  return list;
}
namespace {

constexpr std::string_view kThinkOpen = "<think>";
constexpr std::string_view kThinkClose = "</think>";

std::string Trimmed(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return "";
  const size_t end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
}

// A string field that may be absent or null.
std::string OptionalString(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end() || !found->is_string()) return "";
  return found->get<std::string>();
}

Choice ChoiceOf(const nlohmann::json& choice, size_t index) {
  if (!choice.is_object()) throw std::runtime_error("choices[" + std::to_string(index) + "] is not an object");
  std::string reasoning;
  std::string text;
  bool openThink = false;
  if (const auto message = choice.find("message"); message != choice.end() && message->is_object()) {
    text = OptionalString(*message, "content");
    // vLLM and DeepSeek name it reasoning_content; Ollama and newer vLLM releases, reasoning.
    reasoning = OptionalString(*message, "reasoning_content");
    if (reasoning.empty()) reasoning = OptionalString(*message, "reasoning");
  } else if (const auto raw = choice.find("text"); raw != choice.end() && raw->is_string()) {
    text = raw->get<std::string>();
    openThink = true;  // a completions prompt of ours ends in an open <think>
  } else {
    throw std::runtime_error("choices[" + std::to_string(index) + "] has neither message.content nor text");
  }
  Choice parsed = SplitReasoning(text, openThink && reasoning.empty());
  if (!reasoning.empty()) parsed.reasoning = Trimmed(reasoning + (parsed.reasoning.empty() ? "" : "\n" + parsed.reasoning));
  parsed.finishReason = OptionalString(choice, "finish_reason");
  return parsed;
}

}  // namespace

const char* ToString(Endpoint endpoint) { return endpoint == Endpoint::Chat ? "chat" : "completions"; }

std::optional<Endpoint> ParseEndpoint(const std::string& text) {
  if (text == "chat") return Endpoint::Chat;
  if (text == "completions") return Endpoint::Completions;
  return std::nullopt;
}

const char* UrlPath(Endpoint endpoint) { return endpoint == Endpoint::Chat ? "/chat/completions" : "/completions"; }

std::string RenderChatMl(const std::vector<ChatMessage>& messages) {
  std::string prompt;
  // Qwen's template puts <|im_end|> right after the text, whatever whitespace the text ends in.
  for (const ChatMessage& message : messages) {
    const size_t end = message.content.find_last_not_of(" \t\r\n");
    prompt += "<|im_start|>" + message.role + "\n" +
              (end == std::string::npos ? "" : message.content.substr(0, end + 1)) + "<|im_end|>\n";
  }
  return prompt + "<|im_start|>assistant\n<think>\n";
}

nlohmann::json RequestBody(const CompletionRequest& request) {
  nlohmann::json body = {{"model", request.model},
                         {"temperature", request.params.temperature},
                         {"top_p", request.params.topP},
                         {"max_tokens", request.params.maxTokens},
                         {"n", request.params.n}};
  if (request.params.seed) body["seed"] = *request.params.seed;
  if (!request.params.stop.empty()) body["stop"] = request.params.stop;
  if (request.endpoint == Endpoint::Chat) {
    body["messages"] = nlohmann::json::array();
    for (const ChatMessage& message : request.messages)
      body["messages"].push_back({{"role", message.role}, {"content", message.content}});
  } else {
    body["prompt"] = RenderChatMl(request.messages);
  }
  return body;
}

CompletionResponse ParseResponseBody(const nlohmann::json& body) {
  if (!body.is_object()) throw std::runtime_error("the response body is not a JSON object");
  if (const auto error = body.find("error"); error != body.end() && !error->is_null())
    throw std::runtime_error("the server reports an error: " + error->dump());
  const auto choices = body.find("choices");
  if (choices == body.end() || !choices->is_array() || choices->empty())
    throw std::runtime_error("the response has no choices");
  CompletionResponse response;
  for (size_t i = 0; i < choices->size(); ++i) response.choices.push_back(ChoiceOf((*choices)[i], i));
  if (const auto usage = body.find("usage"); usage != body.end() && usage->is_object()) {
    response.promptTokens = usage->value("prompt_tokens", 0);
    response.completionTokens = usage->value("completion_tokens", 0);
  }
  return response;
}

Choice SplitReasoning(const std::string& text, bool openThink) {
  const size_t close = text.find(kThinkClose);
  if (close == std::string::npos) {
    if (openThink) return {"", Trimmed(text), ""};
    return {Trimmed(text), "", ""};
  }
  std::string_view reasoning(text.data(), close);
  const size_t open = reasoning.find(kThinkOpen);
  if (open != std::string_view::npos && Trimmed(reasoning.substr(0, open)).empty())
    reasoning.remove_prefix(open + kThinkOpen.size());
  return {Trimmed(std::string_view(text).substr(close + kThinkClose.size())), Trimmed(reasoning), ""};
}

}  // namespace akgen::gen
