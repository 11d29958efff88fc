#include "gen/client/completion.h"

#include <gtest/gtest.h>

namespace akgen::gen {
namespace {

TEST(SplitReasoningTest, LeadingThinkBlockIsReasoning) {
  const Choice choice = SplitReasoning("<think>\nplan the tiles\n</think>\n\nthe kernel", false);
  EXPECT_EQ(choice.reasoning, "plan the tiles");
  EXPECT_EQ(choice.answer, "the kernel");
}

TEST(SplitReasoningTest, OpenThinkPromptMakesAnUnclosedTextReasoning) {
  EXPECT_EQ(SplitReasoning("still thinking", true).reasoning, "still thinking");
  EXPECT_EQ(SplitReasoning("still thinking", true).answer, "");
  EXPECT_EQ(SplitReasoning("just an answer", false).answer, "just an answer");
}

TEST(ResponseBodyTest, ChatReasoningContentIsKeptApart) {
  const nlohmann::json body = {
      {"choices",
       {{{"message", {{"role", "assistant"}, {"content", "answer one"}, {"reasoning_content", "why one"}}},
         {"finish_reason", "stop"}},
        {{"message", {{"role", "assistant"}, {"content", "<think>why two</think>answer two"}}},
         {"finish_reason", "length"}}}},
      {"usage", {{"prompt_tokens", 100}, {"completion_tokens", 40}}}};
  const CompletionResponse response = ParseResponseBody(body);
  ASSERT_EQ(response.choices.size(), 2u);
  EXPECT_EQ(response.choices[0].answer, "answer one");
  EXPECT_EQ(response.choices[0].reasoning, "why one");
  EXPECT_EQ(response.choices[1].answer, "answer two");
  EXPECT_EQ(response.choices[1].reasoning, "why two");
  EXPECT_EQ(response.choices[1].finishReason, "length");
  EXPECT_EQ(response.promptTokens, 100);
  EXPECT_EQ(response.completionTokens, 40);
}

TEST(ResponseBodyTest, CompletionsTextContinuesTheOpenThink) {
  const CompletionResponse response =
      ParseResponseBody({{"choices", {{{"text", "reason here\n</think>\n<kernel_impl>k</kernel_impl>"}}}}});
  EXPECT_EQ(response.choices[0].reasoning, "reason here");
  EXPECT_EQ(response.choices[0].answer, "<kernel_impl>k</kernel_impl>");
}

TEST(ResponseBodyTest, MalformedBodiesAreErrorsThatSayWhy) {
  EXPECT_THROW(ParseResponseBody(nlohmann::json::array()), std::runtime_error);
  EXPECT_THROW(ParseResponseBody({{"choices", nlohmann::json::array()}}), std::runtime_error);
  EXPECT_THROW(ParseResponseBody({{"error", {{"message", "overloaded"}}}}), std::runtime_error);
  EXPECT_THROW(ParseResponseBody({{"choices", {{{"index", 0}}}}}), std::runtime_error);
}

TEST(RequestBodyTest, CompletionsRenderTheConversationInChatMl) {
  CompletionRequest request{"m", Endpoint::Completions, {{"user", "write Sqrt\n"}}, {}};
  request.params.seed = 7;
  const nlohmann::json body = RequestBody(request);
  EXPECT_EQ(body.at("prompt"), "<|im_start|>user\nwrite Sqrt<|im_end|>\n<|im_start|>assistant\n<think>\n");
  EXPECT_EQ(body.at("seed"), 7);
  EXPECT_FALSE(body.contains("messages"));
  request.endpoint = Endpoint::Chat;
  EXPECT_EQ(RequestBody(request).at("messages")[0].at("content"), "write Sqrt\n");
}

}  // namespace
}  // namespace akgen::gen
