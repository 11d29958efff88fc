// CANN's tiling-template framework (TilingBaseClass, REGISTER_TILING_TEMPLATE, TilingRegistry) as
// op_host code uses it: templates tried by priority, each running its steps in CANN's order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tiling/tiling_templates_registry.h"

namespace {

// What the templates below did, in order, so the tests can check which ran and how far.
std::vector<std::string>& Trace() {
  static std::vector<std::string> steps;
  return steps;
}

// A template that records its steps; its capability and the step that fails come from the node's
// first input shape: dim 0 is the capable priority, dim 1 the failing step's number.
template <int kPriority>
class RecordingTiling : public optiling::TilingBaseClass {
 public:
  using TilingBaseClass::TilingBaseClass;

 protected:
  bool IsCapable() override { return Step("IsCapable") && Input().GetDim(0) == kPriority; }
  ge::graphStatus GetPlatformInfo() override { return Status("GetPlatformInfo", 1); }
  ge::graphStatus GetShapeAttrsInfo() override { return Status("GetShapeAttrsInfo", 0); }
  ge::graphStatus DoOpTiling() override { return Status("DoOpTiling", 2); }
  ge::graphStatus DoLibApiTiling() override { return Status("DoLibApiTiling", 3); }
  uint64_t GetTilingKey() const override { return 1000 + kPriority; }
  ge::graphStatus GetWorkspaceSize() override { return Status("GetWorkspaceSize", 4); }
  ge::graphStatus PostTiling() override {
    context_->SetBlockDim(kPriority);
    return Status("PostTiling", 5);
  }

 private:
  const gert::Shape& Input() const { return context_->GetInputShape(0)->GetStorageShape(); }
  bool Step(const char* name) {
    Trace().push_back(std::to_string(kPriority) + ":" + name);
    return true;
  }
  ge::graphStatus Status(const char* name, int64_t number) {
    Step(name);
    return Input().GetDim(1) == number ? ge::GRAPH_FAILED : ge::GRAPH_SUCCESS;
  }
};

using HighPriorityTiling = RecordingTiling<10>;
using LowPriorityTiling = RecordingTiling<20>;
// Registered out of priority order, as separate op_host files may register them.
REGISTER_TILING_TEMPLATE("TemplateProbe", LowPriorityTiling, 20);
REGISTER_TILING_TEMPLATE("TemplateProbe", HighPriorityTiling, 10);

struct Probe {
  gert::ComputeNodeInfo node;
  std::vector<uint8_t> tilingBytes = std::vector<uint8_t>(64);
  gert::TilingContext context{node, nullptr, nullptr, tilingBytes.data(), tilingBytes.size()};

  Probe(const char* opType, int64_t capablePriority, int64_t failingStep) {
    node.opType = opType;
    node.inputs.tensors.resize(1);
    node.inputs.tensors[0].MutableStorageShape() = gert::Shape{capablePriority, failingStep};
    Trace().clear();
  }
};

TEST(TilingTemplatesTest, TheFirstCapableTemplateByPriorityTilesInCannsStepOrder) {
  Probe probe("TemplateProbe", 10, -1);
  EXPECT_EQ(optiling::TilingRegistry::GetInstance().DoTilingImpl(&probe.context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(Trace(),
            (std::vector<std::string>{"10:GetShapeAttrsInfo", "10:GetPlatformInfo", "10:IsCapable", "10:DoOpTiling",
                                      "10:DoLibApiTiling", "10:GetWorkspaceSize", "10:PostTiling"}));
  EXPECT_EQ(probe.context.GetTilingKey(), 1010u);
  EXPECT_EQ(probe.context.GetBlockDim(), 10u);
}

TEST(TilingTemplatesTest, ATemplateNotCapablePassesTheCaseOn) {
  Probe probe("TemplateProbe", 20, -1);
  EXPECT_EQ(optiling::TilingRegistry::GetInstance().DoTilingImpl(&probe.context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(Trace().at(2), "10:IsCapable");
  EXPECT_EQ(Trace().at(3), "20:GetShapeAttrsInfo");
  EXPECT_EQ(probe.context.GetTilingKey(), 1020u);
}

// A failing step ends the tiling: no later template runs and the tiling key is not set.
TEST(TilingTemplatesTest, AFailingStepStopsTheTiling) {
  for (int64_t failingStep = 0; failingStep <= 5; ++failingStep) {
    Probe probe("TemplateProbe", 20, failingStep);
    EXPECT_EQ(optiling::TilingRegistry::GetInstance().DoTilingImpl(&probe.context), ge::GRAPH_FAILED) << failingStep;
    EXPECT_EQ(Trace().front(), "10:GetShapeAttrsInfo");
    EXPECT_EQ(probe.context.GetTilingKey(), 0u) << failingStep;
  }
}

TEST(TilingTemplatesTest, NoCapableTemplateIsAReportedFailure) {
  Probe probe("TemplateProbe", 30, -1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(optiling::TilingRegistry::GetInstance().DoTilingImpl(&probe.context), ge::GRAPH_FAILED);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "[ERROR] TemplateProbe: no registered tiling template is capable of this case\n");
  Probe unregistered("NoTemplates", 10, -1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(optiling::TilingRegistry::GetInstance().DoTilingImpl(&unregistered.context), ge::GRAPH_FAILED);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("NoTemplates"), std::string::npos);
}

TEST(TilingTemplatesTest, ASecondTemplateAtATakenPriorityIsIgnored) {
  testing::internal::CaptureStderr();
  optiling::Register("TemplateProbe").tiling<LowPriorityTiling>(10);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "[ERROR] TemplateProbe: a second tiling template registered at priority 10 is ignored\n");
  Probe probe("TemplateProbe", 10, -1);
  EXPECT_EQ(optiling::TilingRegistry::GetInstance().DoTilingImpl(&probe.context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(probe.context.GetTilingKey(), 1010u);
  EXPECT_EQ(optiling::TilingRegistry::GetInstance().GetTilingTemplates("TemplateProbe").size(), 2u);
}

// Reset points a template at another context, as CANN's tiling caches reuse template objects.
TEST(TilingTemplatesTest, ResetRetargetsATemplate) {
  Probe first("TemplateProbe", 10, -1), second("TemplateProbe", 10, -1);
  HighPriorityTiling tiling(&first.context);
  tiling.Reset(&second.context);
  EXPECT_EQ(tiling.DoTiling(), ge::GRAPH_SUCCESS);
  EXPECT_EQ(first.context.GetTilingKey(), 0u);
  EXPECT_EQ(second.context.GetTilingKey(), 1010u);
}

}  // namespace
