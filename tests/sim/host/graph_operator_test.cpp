// ge::Operator and ge::TensorDesc, which op_host check-support callbacks read (ReverseSequence).
#include <gtest/gtest.h>

#include "graph/operator.h"
#include "register/op_def_registry.h"

namespace {

ge::Operator ReverseSequenceNode() {
  ge::Operator op("reverse", "ReverseSequence");
  op.UpdateInputDesc("x", ge::TensorDesc(ge::Shape({4, 8, 16}), ge::FORMAT_ND, ge::DT_FLOAT16));
  op.UpdateOutputDesc("y", ge::TensorDesc(ge::Shape({4, 8, 16}), ge::FORMAT_ND, ge::DT_FLOAT16));
  op.SetAttr("seq_dim", int64_t{1}).SetAttr("scale", 0.5f).SetAttr("mode", ge::AscendString("sum"));
  return op;
}

TEST(GeOperatorTest, TensorDescriptionsByName) {
  const ge::Operator op = ReverseSequenceNode();
  const ge::TensorDesc x = op.GetInputDescByName("x");
  EXPECT_EQ(x.GetShape().GetDims(), (std::vector<int64_t>{4, 8, 16}));
  EXPECT_EQ(x.GetDataType(), ge::DT_FLOAT16);
  EXPECT_EQ(x.GetFormat(), ge::FORMAT_ND);
  EXPECT_EQ(op.GetOutputDescByName("y").GetShape().GetShapeSize(), 512);
  // An unknown name gives the default description: no dimensions, float, ND.
  EXPECT_EQ(op.GetInputDescByName("seq_lengths").GetShape().GetDimNum(), 0u);
  EXPECT_EQ(op.GetInputDescByName("seq_lengths").GetDataType(), ge::DT_FLOAT);
}

TEST(GeOperatorTest, AttributesReadBackOnlyAsTheirType) {
  const ge::Operator op = ReverseSequenceNode();
  int64_t seqDim = -7;
  EXPECT_EQ(op.GetAttr("seq_dim", seqDim), ge::GRAPH_SUCCESS);
  EXPECT_EQ(seqDim, 1);
  float scale = 0.0f;
  EXPECT_EQ(op.GetAttr("scale", scale), ge::GRAPH_SUCCESS);
  EXPECT_EQ(scale, 0.5f);
  ge::AscendString mode;
  EXPECT_EQ(op.GetAttr("mode", mode), ge::GRAPH_SUCCESS);
  EXPECT_STREQ(mode.GetString(), "sum");

  int64_t missing = -7;
  EXPECT_EQ(op.GetAttr("batch_dim", missing), ge::GRAPH_FAILED);
  EXPECT_EQ(missing, -7);
  bool wrongType = true;
  EXPECT_EQ(op.GetAttr("seq_dim", wrongType), ge::GRAPH_FAILED);
  EXPECT_TRUE(wrongType);
}

TEST(GeOperatorTest, NameAndType) {
  ge::AscendString name, type;
  const ge::Operator op = ReverseSequenceNode();
  EXPECT_EQ(op.GetName(name), ge::GRAPH_SUCCESS);
  EXPECT_EQ(op.GetOpType(type), ge::GRAPH_SUCCESS);
  EXPECT_STREQ(name.GetString(), "reverse");
  EXPECT_STREQ(type.GetString(), "ReverseSequence");
}

// A check-support callback of CANN's signature registers on the op's AI Core definition.
ge::graphStatus AlwaysSupported(const ge::Operator& op, ge::AscendString& result) {
  int64_t seqDim = 0;
  result = ge::AscendString(op.GetAttr("seq_dim", seqDim) == ge::GRAPH_SUCCESS ? "True" : "False");
  return ge::GRAPH_SUCCESS;
}

TEST(GeOperatorTest, CheckSupportCallbacksTakeAnOperator) {
  ops::OpDef def("ReverseSequence");
  def.AICore().SetCheckSupport(AlwaysSupported);
  ge::AscendString result;
  EXPECT_EQ(AlwaysSupported(ReverseSequenceNode(), result), ge::GRAPH_SUCCESS);
  EXPECT_STREQ(result.GetString(), "True");
}

}  // namespace
