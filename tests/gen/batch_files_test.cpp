#include "gen/batch/batch_files.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "gen/cache/response_cache.h"

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

CompletionRequest SqrtRequest(Endpoint endpoint) {
  CompletionRequest request;
  request.model = "kernelgen-lm";
  request.endpoint = endpoint;
  request.messages = {{"user", "Write Sqrt."}};
  return request;
}

// What a batch service answers to one input line: the body of a chat completion.
nlohmann::json ServiceOutputLine(const nlohmann::json& input, const std::string& content) {
  const nlohmann::json body = {
      {"id", "chatcmpl-1"},
      {"object", "chat.completion"},
      {"model", input.at("body").at("model")},
      {"choices",
       {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}, {"finish_reason", "stop"}}}},
      {"usage", {{"prompt_tokens", 10}, {"completion_tokens", 20}, {"total_tokens", 30}}}};
  return {{"id", "batch_req_1"},
          {"custom_id", input.at("custom_id")},
          {"response", {{"status_code", 200}, {"request_id", "req_1"}, {"body", body}}},
          {"error", nullptr}};
}

class BatchFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-batch-files-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path Write(const std::string& name, const std::string& text) {
    std::ofstream(root_ / name) << text;
    return root_ / name;
  }

  fs::path root_;
};

TEST(BatchRequestLineTest, LineCarriesTheRequestBodyToTheRightUrl) {
  const CompletionRequest chat = SqrtRequest(Endpoint::Chat);
  const nlohmann::json line = BatchRequestLine("id-1", chat);
  EXPECT_EQ(line.at("custom_id"), "id-1");
  EXPECT_EQ(line.at("method"), "POST");
  EXPECT_EQ(line.at("url"), "/v1/chat/completions");
  EXPECT_EQ(line.at("body"), RequestBody(chat));
  EXPECT_EQ(BatchRequestLine("id-2", SqrtRequest(Endpoint::Completions)).at("url"), "/v1/completions");
}

TEST(BatchCustomIdTest, IdNamesTaskSampleRoundAndRequest) {
  const std::string key = CacheKey(SqrtRequest(Endpoint::Chat), 0);
  const std::string id = BatchCustomId("level1/Math/Sqrt", 0, 1, key);
  EXPECT_EQ(id, "level1/Math/Sqrt#s0#r1#" + key.substr(0, 12));
  EXPECT_EQ(BatchCustomId("level1/Math/Sqrt", 0, 1, key), id);
  CompletionRequest changed = SqrtRequest(Endpoint::Chat);
  changed.messages.front().content = "Write Sqrt, faster.";
  EXPECT_NE(BatchCustomId("level1/Math/Sqrt", 0, 1, CacheKey(changed, 0)), id);
}

TEST_F(BatchFilesTest, RoundTripThroughABatchService) {
  std::string input;
  std::vector<nlohmann::json> lines;
  for (int sample = 0; sample < 3; ++sample) {
    const CompletionRequest request = SqrtRequest(Endpoint::Chat);
    lines.push_back(BatchRequestLine(BatchCustomId("level1/Math/Sqrt", sample, 1, CacheKey(request, sample)), request));
    input += lines.back().dump() + '\n';
  }
  const fs::path requests = Write("requests.jsonl", input);

  // The service reads the input file and answers each line, in any order.
  std::ifstream in(requests);
  std::string output;
  std::vector<std::string> ids;
  for (std::string text; std::getline(in, text);) {
    const nlohmann::json line = nlohmann::json::parse(text);
    ids.push_back(line.at("custom_id"));
    output = ServiceOutputLine(line, "answer to " + ids.back()).dump() + '\n' + output;
  }
  ASSERT_EQ(ids.size(), 3u);

  const std::map<std::string, BatchAnswer> answers = ReadBatchOutput(Write("output.jsonl", output + "\n"));
  ASSERT_EQ(answers.size(), 3u);
  for (const std::string& id : ids) {
    const BatchAnswer& answer = answers.at(id);
    EXPECT_EQ(answer.error, "");
    ASSERT_TRUE(answer.response);
    ASSERT_EQ(answer.response->choices.size(), 1u);
    EXPECT_EQ(answer.response->choices[0].answer, "answer to " + id);
    EXPECT_EQ(answer.response->choices[0].finishReason, "stop");
    EXPECT_EQ(answer.response->promptTokens, 10);
    EXPECT_EQ(answer.response->completionTokens, 20);
  }
}

TEST_F(BatchFilesTest, FailedRequestsAreAnswersWithAnError) {
  const nlohmann::json input = BatchRequestLine("a", SqrtRequest(Endpoint::Chat));
  nlohmann::json refused = {{"id", "batch_req_2"},
                            {"custom_id", "b"},
                            {"response", nullptr},
                            {"error", {{"code", "batch_expired"}, {"message", "This request could not be executed."}}}};
  nlohmann::json status = ServiceOutputLine(input, "");
  status["custom_id"] = "c";
  status["response"]["status_code"] = 429;
  status["response"]["body"] = {{"error", {{"message", "Rate limit reached"}, {"type", "requests"}}}};
  nlohmann::json unreadable = ServiceOutputLine(input, "");
  unreadable["custom_id"] = "d";
  unreadable["response"]["body"] = {{"choices", nlohmann::json::array()}};
  const std::string text = ServiceOutputLine(input, "fine").dump() + '\n' + refused.dump() + '\n' + status.dump() +
                           '\n' + unreadable.dump() + '\n';

  const std::map<std::string, BatchAnswer> answers = ReadBatchOutput(Write("output.jsonl", text));
  ASSERT_EQ(answers.size(), 4u);
  EXPECT_TRUE(answers.at("a").response);
  EXPECT_FALSE(answers.at("b").response);
  EXPECT_EQ(answers.at("b").error, "batch_expired: This request could not be executed.");
  EXPECT_FALSE(answers.at("c").response);
  EXPECT_EQ(answers.at("c").error, "HTTP status 429: Rate limit reached");
  EXPECT_FALSE(answers.at("d").response);
  EXPECT_EQ(answers.at("d").error, "unreadable response: the response has no choices");
}

TEST_F(BatchFilesTest, LastLineOfACustomIdWins) {
  const nlohmann::json input = BatchRequestLine("a", SqrtRequest(Endpoint::Chat));
  const std::string text =
      ServiceOutputLine(input, "first").dump() + '\n' + ServiceOutputLine(input, "second").dump() + '\n';
  EXPECT_EQ(ReadBatchOutput(Write("output.jsonl", text)).at("a").response->choices[0].answer, "second");
}

TEST_F(BatchFilesTest, BrokenLinesNameFileAndLine) {
  const std::string good = ServiceOutputLine(BatchRequestLine("a", SqrtRequest(Endpoint::Chat)), "ok").dump();
  const fs::path notJson = Write("not_json.jsonl", good + "\n\n{\"custom_id\": \"b\", \n");
  try {
    ReadBatchOutput(notJson);
    FAIL() << "a broken line was accepted";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()), notJson.string() + ":3: not a JSON line of a batch output file");
  }
  const fs::path noId = Write("no_id.jsonl", good + "\n{\"response\": null}\n");
  try {
    ReadBatchOutput(noId);
    FAIL() << "a line without custom_id was accepted";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()), noId.string() + ":2: the line has no custom_id");
  }
  EXPECT_THROW(ReadBatchOutput(root_ / "absent.jsonl"), std::runtime_error);
}

}  // namespace
}  // namespace akgen::gen
