// The check-and-report macros of CANN's operator sources, as op_host tiling functions use them.
#include "error/ops_error.h"

#include <gtest/gtest.h>

#include "aclnn/opdev/op_log.h"
#include "experiment/metadef/common/util/error_manager/error_manager.h"
#include "graph/types.h"
#include "tiling/tiling_templates_registry.h"

namespace {

struct FakeContext {
  const char* GetNodeName() const { return "GroupNormSwish"; }
};

ASCENDC_EXTERN_C ge::graphStatus CheckGroups(const FakeContext* context, const int64_t* numGroups) {
  OPS_LOG_E_IF_NULL(context, numGroups, return ge::GRAPH_FAILED);
  OPS_LOG_D(context->GetNodeName(), "numGroups is %ld", static_cast<long>(*numGroups));
  OPS_CHECK(*numGroups <= 0, OPS_REPORT_VECTOR_INNER_ERR(context->GetNodeName(), "numGroups must be positive"),
            return ge::GRAPH_FAILED);
  return ge::GRAPH_SUCCESS;
}

TEST(OpsErrorTest, ChecksReportOnStderrAndRunTheFailureAction) {
  const FakeContext context;
  const int64_t good = 4, bad = 0;
  testing::internal::CaptureStderr();
  EXPECT_EQ(CheckGroups(&context, &good), ge::GRAPH_SUCCESS);
  EXPECT_EQ(CheckGroups(&context, &bad), ge::GRAPH_FAILED);
  EXPECT_EQ(CheckGroups(&context, nullptr), ge::GRAPH_FAILED);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "[ERROR] GroupNormSwish: numGroups must be positive\n[ERROR] GroupNormSwish: numGroups is nullptr\n");
}

// Shape-inference code (FeedsRepeat) reports through the error manager and the aclnn log macros.
TEST(OpsErrorTest, ErrorManagerAndAclnnLogReportOnStderr) {
  testing::internal::CaptureStderr();
  OP_LOGE_WITHOUT_REPORT("FeedsRepeat", "%s", "get y_shape failed");
  REPORT_INNER_ERROR("89999", "%s", "get y_shape failed");
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "[ERROR] FeedsRepeat: get y_shape failed\n[ERROR] E89999: get y_shape failed\n");
}

}  // namespace
