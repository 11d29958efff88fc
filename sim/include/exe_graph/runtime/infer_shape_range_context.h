// gert::InferShapeRangeContext: the argument of an op's shape-range inference function, which
// bounds output shapes from the ranges of the input shapes. Every shape the simulator runs with is
// known, so each range here is exact: its least and greatest shape are both the tensor's origin
// shape, and an output's bounds are the output's shape itself.
#pragma once
#include <cstddef>
#include <vector>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/range.h"

namespace gert {

class InferShapeRangeContext : public ExtendedKernelContext {
 public:
  explicit InferShapeRangeContext(ComputeNodeInfo& node)
      : ExtendedKernelContext(node), inputRanges_(ExactRanges(node.inputs)), outputRanges_(ExactRanges(node.outputs)) {}

  const Range<Shape>* GetInputShapeRange(size_t index) const { return At(inputRanges_, index); }
  const Range<Shape>* GetOptionalInputShapeRange(size_t irIndex) const {
    return At(inputRanges_, InstanceIndex(node_->inputs, irIndex, 0));
  }
  const Range<Shape>* GetDynamicInputShapeRange(size_t irIndex, size_t relativeIndex) const {
    return At(inputRanges_, InstanceIndex(node_->inputs, irIndex, relativeIndex));
  }
  Range<Shape>* GetOutputShapeRange(size_t index) { return At(outputRanges_, index); }

 private:
  template <class T>
  static const T* At(const std::vector<T>& items, size_t index) {
    return index < items.size() ? &items[index] : nullptr;
  }
  using ExtendedKernelContext::At;  // the mutable lookup, for output ranges

  static std::vector<Range<Shape>> ExactRanges(NodeIoData& io) {
    std::vector<Range<Shape>> ranges;
    for (Tensor& tensor : io.tensors) ranges.emplace_back(&tensor.MutableOriginShape(), &tensor.MutableOriginShape());
    return ranges;
  }

  std::vector<Range<Shape>> inputRanges_;
  std::vector<Range<Shape>> outputRanges_;
};

}  // namespace gert
