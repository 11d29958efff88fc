// BroadCast (CANN adv_api/pad/broadcast.h; its newer spelling Broadcast is not offered yet): dst
// takes dstShape, src the same shape with a 1 on `axis`, dim 1 or 2. [m, 1] -> [m, k] repeats each row's element
// k times; [1, k] -> [m, k] repeats the row m times (k a whole number of 32-byte blocks, as on
// A2). src and dst may be the same tensor. The sharedTmpBuffer is accepted and not used.
#pragma once
#include <source_location>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace ascendc_sim {
namespace rt {
void Broadcast(const LocalRef& dst, const LocalRef& src, uint32_t elementBytes, uint32_t dim, uint32_t axis,
               const uint32_t* dstShape, const uint32_t* srcShape, Site site);
}  // namespace rt

template <class T, int32_t dim, int32_t axis>
void BroadcastCall(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const uint32_t* dstShape,
                   const uint32_t* srcShape, const std::source_location& location) {
  static_assert(dim == 1 || dim == 2, "BroadCast supports dim = 1 or dim = 2");
  static_assert(axis >= 0 && axis < dim, "BroadCast axis must name a dimension of dim");
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "BroadCast only supports type b8/b16/b32 on current device");
  rt::Broadcast(dst.SimRef(), src.SimRef(), sizeof(T), dim, axis, dstShape, srcShape,
                MakeSite("Broadcast", location));
}

}  // namespace ascendc_sim

namespace AscendC {

// CANN 8.x names the same API Broadcast; BroadCast is the older spelling, both remain.
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer,
               const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  ascendc_sim::BroadcastCall<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, location);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], const std::source_location location = std::source_location::current()) {
  ascendc_sim::BroadcastCall<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, location);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer,
               const std::source_location location = std::source_location::current()) {
  Broadcast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, sharedTmpBuffer, location);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], const std::source_location location = std::source_location::current()) {
  Broadcast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, location);
}

}  // namespace AscendC
