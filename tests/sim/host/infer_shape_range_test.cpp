// gert::InferShapeRangeContext: every simulated shape is exact, so each range's bounds are the
// tensor's own origin shape.
#include <gtest/gtest.h>

#include "exe_graph/runtime/infer_shape_range_context.h"

namespace {

TEST(InferShapeRangeTest, RangesAreExactAndOutputBoundsWriteTheOutputShape) {
  gert::ComputeNodeInfo node;
  node.inputs.tensors.resize(2);
  node.inputs.tensors[1].MutableOriginShape() = gert::Shape{4, 6};
  node.inputs.anchors = {{0, 1}, {1, 0}, {1, 1}};  // x, an absent optional input, then gamma
  node.outputs.tensors.resize(1);
  gert::InferShapeRangeContext context(node);

  const gert::Range<gert::Shape>* gamma = context.GetOptionalInputShapeRange(2);
  ASSERT_NE(gamma, nullptr);
  EXPECT_EQ(*gamma->GetMin(), (gert::Shape{4, 6}));
  EXPECT_EQ(*gamma->GetMax(), (gert::Shape{4, 6}));
  EXPECT_EQ(context.GetOptionalInputShapeRange(1), nullptr);
  EXPECT_EQ(context.GetInputShapeRange(2), nullptr);

  gert::Range<gert::Shape>* y = context.GetOutputShapeRange(0);
  ASSERT_NE(y, nullptr);
  y->GetMin()->SetDimNum(1);
  y->GetMax()->SetDim(0, 8);
  EXPECT_EQ(node.outputs.tensors[0].GetOriginShape(), (gert::Shape{8}));
  EXPECT_EQ(context.GetOutputShapeRange(1), nullptr);
}

TEST(InferShapeRangeTest, RangeHoldsItsBoundsByPointer) {
  gert::Shape low{1}, high{9};
  gert::Range<gert::Shape> range(&low, &high);
  gert::Range<gert::Shape> copy = range;
  copy.GetMax()->SetDim(0, 10);
  EXPECT_EQ(high.GetDim(0), 10);
  copy.SetMin(&high);
  EXPECT_EQ(range.GetMin(), &low);
  EXPECT_EQ(copy.GetMin(), &high);
}

}  // namespace
