// GlobalTensor: a typed view of global memory (HBM) with the bounds of its GmAlloc region.
#pragma once
#include "ascendc_sim/enums.h"
#include "ascendc_sim/runtime.h"

namespace AscendC {

template <class T>
class GlobalTensor {
 public:
  using PrimType = T;

  void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
    ref_ = ascendc_sim::rt::GmResolve(buffer);
    size_ = bufferSize;
  }
  void SetGlobalBuffer(__gm__ T* buffer) { SetGlobalBuffer(buffer, 0); }

  T GetValue(uint64_t offset, const std::source_location location = std::source_location::current()) const {
    const ascendc_sim::GlobalRef element = At(offset);
    T value;
    ascendc_sim::rt::LoadGlobal(element, &value, sizeof(T), ascendc_sim::MakeSite("GlobalTensor::GetValue", location));
    return value;
  }
  void SetValue(uint64_t offset, T value, const std::source_location location = std::source_location::current()) {
    const ascendc_sim::GlobalRef element = At(offset);
    ascendc_sim::rt::StoreGlobal(element, &value, sizeof(T), ascendc_sim::MakeSite("GlobalTensor::SetValue", location));
  }
  __gm__ T& operator()(uint64_t offset) const {
    const ascendc_sim::GlobalRef element = At(offset);
    ascendc_sim::rt::CheckGlobal(element, sizeof(T), ascendc_sim::Access::kWrite,
                                 ascendc_sim::MakeSite("GlobalTensor::operator()", std::source_location::current()));
    return *reinterpret_cast<T*>(element.address);
  }
  GlobalTensor operator[](uint64_t offset) const {
    GlobalTensor result = *this;
    result.ref_ = At(offset);
    return result;
  }

  uint64_t GetSize() const { return size_; }
  __gm__ T* GetPhyAddr() const { return reinterpret_cast<T*>(ref_.address); }
  __gm__ T* GetPhyAddr(uint64_t offset) const { return reinterpret_cast<T*>(At(offset).address); }
  template <CacheRwMode mode = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode) {}

  const ascendc_sim::GlobalRef& SimRef() const { return ref_; }

 private:
  ascendc_sim::GlobalRef At(uint64_t offset) const {
    ascendc_sim::GlobalRef moved = ref_;
    moved.address += offset * sizeof(T);
    return moved;
  }

  ascendc_sim::GlobalRef ref_;
  uint64_t size_ = 0;
};

// Fills `size` elements of GM with `value` (CANN's InitGlobalMemory; InitOutput is its older name).
template <class T>
void InitGlobalMemory(const GlobalTensor<T>& gm, const uint64_t size, const T value,
                      const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::FillGlobal(gm.SimRef(), size, ascendc_sim::ScalarBits(value), sizeof(T),
                              ascendc_sim::MakeSite("InitGlobalMemory", location));
}
template <class T>
void InitOutput(const GlobalTensor<T>& gm, const uint32_t size, const T value = 0,
                const std::source_location location = std::source_location::current()) {
  InitGlobalMemory(gm, size, value, location);
}

}  // namespace AscendC
