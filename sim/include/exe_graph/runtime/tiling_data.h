// gert::TilingData: the raw tiling buffer a tiling function fills (GetRawTilingData()).
#pragma once
#include <cstddef>
#include <cstdint>

namespace gert {

class TilingData {
 public:
  TilingData(void* data, size_t capacity) : data_(data), capacity_(capacity) {}
  void* GetData() { return data_; }
  const void* GetData() const { return data_; }
  size_t GetCapacity() const { return capacity_; }
  size_t GetDataSize() const { return dataSize_; }
  void SetDataSize(size_t size) { dataSize_ = size; }

 private:
  void* data_;
  size_t capacity_;
  size_t dataSize_ = 0;
};

}  // namespace gert
