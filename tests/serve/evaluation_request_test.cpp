#include "serve/evaluation_request.h"

#include <gtest/gtest.h>

namespace akgen::serve {
namespace {

class EvaluationRequestTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    suites_ = new SuiteCatalog;
    suites_->Add("builtin", AKGEN_BUILTIN_SUITE_DIR);
  }
  static void TearDownTestSuite() { delete suites_; }

  // The refusal's message, or "accepted".
  static std::string Refusal(const nlohmann::json& body) {
    try {
      ParseEvaluationRequest(body, *suites_, {});
    } catch (const RequestError& error) {
      return error.what();
    }
    return "accepted";
  }

  static SuiteCatalog* suites_;
};

SuiteCatalog* EvaluationRequestTest::suites_ = nullptr;

TEST_F(EvaluationRequestTest, TheSmallestRequestGetsTheDefaults) {
  const EvaluationRequest request =
      ParseEvaluationRequest({{"suite", "builtin"}, {"task", "Muls"}, {"response", "text"}}, *suites_);
  EXPECT_EQ(request.task, "level1/Math/Muls");  // the op name resolves to the key
  EXPECT_EQ(request.response, "text");
  EXPECT_EQ(request.format, ResponseFormat::Auto);
  EXPECT_EQ(request.shapeMode, bench::ShapeMode::Dynamic);
  EXPECT_EQ(request.extraCases, 1);
}

TEST_F(EvaluationRequestTest, TheJournalsFormParsesBackToTheSameRequest) {
  const EvaluationRequest request = ParseEvaluationRequest(
      {{"task", "level1/Math/Muls"}, {"files", {{"op_kernel/muls.cpp", "k"}}}, {"shape_mode", "static"}, {"case", 2},
       {"extra_cases", 0}, {"format", "kernel_only"}},
      *suites_);
  const EvaluationRequest again = ParseEvaluationRequest(request.ToJson(), *suites_);
  EXPECT_EQ(again.ToJson(), request.ToJson());
  EXPECT_EQ(again.caseId, 2);
  EXPECT_EQ(again.files.at("op_kernel/muls.cpp"), "k");
  EXPECT_NE(request.BatchSettings(), ParseEvaluationRequest({{"task", "Muls"}, {"response", ""}}, *suites_).BatchSettings());
}

TEST_F(EvaluationRequestTest, ARequestMayChangeTheServersRewardWeightsAndCarriesThemAll) {
  RewardWeights server;
  server.speed = 2.0;
  const EvaluationRequest request = ParseEvaluationRequest(
      {{"task", "Muls"}, {"response", "x"}, {"reward", {{"baseline", "reference"}}}}, *suites_, {}, server);
  EXPECT_EQ(request.reward.speed, 2.0);
  EXPECT_EQ(request.reward.baseline, bench::Baseline::Reference);
  // A worker reads the journal's form with no defaults of its own and scores it alike.
  const EvaluationRequest stored = ParseEvaluationRequest(request.ToJson(), *suites_);
  EXPECT_EQ(stored.reward.speed, 2.0);
  EXPECT_EQ(stored.reward.baseline, bench::Baseline::Reference);
  // The baseline decides whether the answer runs for reference times: batches keep to one.
  EXPECT_NE(request.BatchSettings(), ParseEvaluationRequest({{"task", "Muls"}, {"response", "x"}}, *suites_).BatchSettings());
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", "x"}, {"reward", {{"speed", "max"}}}}).find("reward.speed must be"),
            std::string::npos);
}

TEST_F(EvaluationRequestTest, EachMistakeIsNamedWithItsFix) {
  EXPECT_NE(Refusal({1, 2}).find("the body must be a JSON object"), std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", "x"}, {"temperature", 1}}).find("\"temperature\" is not a request field"),
            std::string::npos);
  EXPECT_NE(Refusal({{"suite", "nkb"}, {"task", "Muls"}, {"response", "x"}}).find("suite \"nkb\" is not served"),
            std::string::npos);
  EXPECT_NE(Refusal({{"response", "x"}}).find("task is missing"), std::string::npos);
  EXPECT_NE(Refusal({{"task", "Mul"}, {"response", "x"}}).find("task \"Mul\" is not in suite builtin"), std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}}).find("give either response"), std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", "x"}, {"files", {{"op_kernel/a.cpp", ""}}}}).find("not both"),
            std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", 3}}).find("response must be a string"), std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"files", {{"../golden.bin", ""}}}}).find("\"../golden.bin\" is not a candidate file"),
            std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"files", {{"op_kernel/../../x", ""}}}}).find("is not a candidate file"),
            std::string::npos);
  nlohmann::json nulInName = {{"task", "Muls"}, {"files", nlohmann::json::object()}};
  nulInName["files"][std::string("op_kernel/a\0b.cpp", 17)] = "";
  EXPECT_NE(Refusal(nulInName).find("is not a candidate file"), std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"files", {{"op_host/muls.cpp", ""}}}}).find("holds no op_kernel/ file"),
            std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", "x"}, {"format", "cuda"}}).find("format must be auto, full"),
            std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", "x"}, {"case", 1}}).find("case chooses static mode's case"),
            std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", "x"}, {"shape_mode", "static"}, {"case", 99}})
                .find("case 99 is not a case of level1/Math/Muls"),
            std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", "x"}, {"extra_cases", 100}})
                .find("extra_cases must be an integer from 0 to 8"),
            std::string::npos);
  EXPECT_NE(Refusal({{"task", "Muls"}, {"response", std::string(2u << 20, 'x')}}).find("at most 1048576 are accepted"),
            std::string::npos);
  EXPECT_NE(Refusal({{"response", "x"}, {"inline_task", {{"level", 1}}}}).find("this server takes no inline_task"),
            std::string::npos);
}

}  // namespace
}  // namespace akgen::serve
