// gert::StorageShape: the shape a tensor has in the graph (origin) and in memory (storage). The
// simulator keeps no private formats, so both are the same unless op code changes one.
#pragma once
#include "exe_graph/runtime/shape.h"

namespace gert {

class StorageShape {
 public:
  StorageShape() = default;
  StorageShape(std::initializer_list<int64_t> origin, std::initializer_list<int64_t> storage)
      : origin_(origin), storage_(storage) {}
  explicit StorageShape(const Shape& shape) : origin_(shape), storage_(shape) {}

  const Shape& GetOriginShape() const { return origin_; }
  const Shape& GetStorageShape() const { return storage_; }
  Shape& MutableOriginShape() { return origin_; }
  Shape& MutableStorageShape() { return storage_; }
  bool operator==(const StorageShape& other) const { return origin_ == other.origin_ && storage_ == other.storage_; }
  bool operator!=(const StorageShape& other) const { return !(*this == other); }

 private:
  Shape origin_;
  Shape storage_;
};

}  // namespace gert
