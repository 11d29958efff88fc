// What a generation request and its answer are, independent of how they travel (HTTP, the batch
// route, the cache): the OpenAI chat-completions and completions protocols, reduced to what a
// kernel-writing loop needs.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace akgen::gen {

struct ChatMessage {
  std::string role;  // system, user, assistant
  std::string content;
  bool operator==(const ChatMessage&) const = default;
};

// Chat: the server applies the model's chat template. Completions: the prompt is sent raw, already
// wrapped in the model's template (KernelGen-LM is served this way, its prompt ending in an open
// `<think>`).
enum class Endpoint { Chat, Completions };

const char* ToString(Endpoint endpoint);                      // `chat`, `completions`
std::optional<Endpoint> ParseEndpoint(const std::string& text);  // the inverse
const char* UrlPath(Endpoint endpoint);                       // `/chat/completions`, `/completions`

struct SamplingParams {
  double temperature = 0.7;  // NPUKernelBench's settings
  double topP = 0.9;
  int maxTokens = 16384;
  int n = 1;  // choices asked for in one request
  std::optional<int64_t> seed;
  std::vector<std::string> stop;
};

// `[{"role": …, "content": …}, …]`, as the chat endpoint and training files take messages.
nlohmann::ordered_json MessagesJson(const std::vector<ChatMessage>& messages);

struct CompletionRequest {
  std::string model;
  Endpoint endpoint = Endpoint::Chat;
  std::vector<ChatMessage> messages;  // the conversation; Completions renders it through a template
  SamplingParams params;
};

// One choice of a response, its reasoning kept apart from its answer: `reasoning_content` (vLLM's
// and DeepSeek's reasoning parsers) or the text of a leading `<think>…</think>` block.
struct Choice {
  std::string answer;
  std::string reasoning;
  std::string finishReason;  // stop, length, …; empty when the server gave none
};

struct CompletionResponse {
  std::vector<Choice> choices;
  int promptTokens = 0;  // from `usage`; 0 when the server gave none
  int completionTokens = 0;
  double latencySeconds = 0;  // from sending the request to the end of the body
};

// The conversation in ChatML (Qwen's template, which KernelGen-LM keeps), ending in an open
// assistant turn that starts with `<think>`, as NPUKernelBench prompts the model.
std::string RenderChatMl(const std::vector<ChatMessage>& messages);

// The request's body as the server expects it (`messages`, or the ChatML `prompt`).
nlohmann::json RequestBody(const CompletionRequest& request);

// Reads a response body of either endpoint (`message.content` or `text`); throws std::runtime_error naming what is missing.
CompletionResponse ParseResponseBody(const nlohmann::json& body);

// Splits a text into reasoning and answer: the text before the first `</think>` (without a
// leading `<think>`) is reasoning, the rest the answer; a text with no `</think>` is all answer.
// `openThink`: the prompt ended in `<think>`, so an unclosed text is all reasoning.
Choice SplitReasoning(const std::string& text, bool openThink);

}  // namespace akgen::gen
