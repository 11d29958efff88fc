// ge::Shape, the graph-level shape host tiling code builds to ask the high-level API tiling helpers
// for buffer sizes, and ge::TensorDesc, a graph tensor's description (CANN's graph/tensor.h).
// Unlike gert::Shape, a shape without dimensions has size 0.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "graph/types.h"

namespace ge {

class Shape {
 public:
  Shape() = default;
  explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}

  size_t GetDimNum() const { return dims_.size(); }
  // 0 for an index past the last dimension, as in CANN.
  int64_t GetDim(size_t index) const { return index < dims_.size() ? dims_[index] : 0; }
  graphStatus SetDim(size_t index, int64_t value) {
    if (index >= dims_.size()) return GRAPH_FAILED;
    dims_[index] = value;
    return GRAPH_SUCCESS;
  }
  std::vector<int64_t> GetDims() const { return dims_; }
  int64_t GetShapeSize() const {
    if (dims_.empty()) return 0;
    int64_t size = 1;
    for (const int64_t dim : dims_) size *= dim;
    return size;
  }

 private:
  std::vector<int64_t> dims_;
};

// What a graph node's input or output is: shape, format and dtype (ge::Operator hands these out).
class TensorDesc {
 public:
  explicit TensorDesc(Shape shape = Shape(), Format format = FORMAT_ND, DataType dataType = DT_FLOAT)
      : shape_(std::move(shape)), format_(format), dataType_(dataType) {}

  Shape GetShape() const { return shape_; }
  void SetShape(const Shape& shape) { shape_ = shape; }
  Format GetFormat() const { return format_; }
  void SetFormat(Format format) { format_ = format; }
  DataType GetDataType() const { return dataType_; }
  void SetDataType(DataType dataType) { dataType_ = dataType; }

 private:
  Shape shape_;
  Format format_;
  DataType dataType_;
};

}  // namespace ge
