// gert tensor views given to tiling and infer functions: the compile-time description (dtype,
// formats) and the runtime tensor (shape, dtype and, for value-depend inputs, the data).
#pragma once
#include <cstdint>

#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"

namespace gert {

class StorageFormat {
 public:
  StorageFormat() = default;
  StorageFormat(ge::Format origin, ge::Format storage) : origin_(origin), storage_(storage) {}
  ge::Format GetOriginFormat() const { return origin_; }
  ge::Format GetStorageFormat() const { return storage_; }
  void SetOriginFormat(ge::Format format) { origin_ = format; }
  void SetStorageFormat(ge::Format format) { storage_ = format; }

 private:
  ge::Format origin_ = ge::FORMAT_ND;
  ge::Format storage_ = ge::FORMAT_ND;
};

class CompileTimeTensorDesc {
 public:
  ge::DataType GetDataType() const { return dataType_; }
  void SetDataType(ge::DataType dataType) { dataType_ = dataType; }
  const StorageFormat& GetFormat() const { return format_; }
  ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
  ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
  void SetOriginFormat(ge::Format format) { format_.SetOriginFormat(format); }
  void SetStorageFormat(ge::Format format) { format_.SetStorageFormat(format); }

 private:
  ge::DataType dataType_ = ge::DT_UNDEFINED;
  StorageFormat format_;
};

class Tensor {
 public:
  const StorageShape& GetShape() const { return shape_; }
  StorageShape& GetShape() { return shape_; }
  const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
  const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
  Shape& MutableOriginShape() { return shape_.MutableOriginShape(); }
  Shape& MutableStorageShape() { return shape_.MutableStorageShape(); }
  int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
  ge::DataType GetDataType() const { return dataType_; }
  void SetDataType(ge::DataType dataType) { dataType_ = dataType; }
  ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
  ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
  const StorageFormat& GetFormat() const { return format_; }
  void SetFormat(const StorageFormat& format) { format_ = format; }

  // Host data is present only for inputs the OpDef marks ValueDepend and the caller supplied.
  template <class T>
  const T* GetData() const { return static_cast<const T*>(data_); }
  const void* GetAddr() const { return data_; }
  void SetData(const void* data) { data_ = data; }

 private:
  StorageShape shape_;
  ge::DataType dataType_ = ge::DT_UNDEFINED;
  StorageFormat format_;
  const void* data_ = nullptr;
};

}  // namespace gert
