// DataCopy and DataCopyPad between global memory and on-chip buffers.
#pragma once
#include "ascendc_sim/cube_runtime.h"
#include "ascendc_sim/global_tensor.h"
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {

struct DataCopyParams {
  uint16_t blockCount = 1;
  uint16_t blockLen = 0;
  uint16_t srcStride = 0;
  uint16_t dstStride = 0;
  DataCopyParams() = default;
  DataCopyParams(uint16_t count, uint16_t len, uint16_t srcStrideIn, uint16_t dstStrideIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
};

struct DataCopyExtParams {
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;
  uint32_t srcStride = 0;
  uint32_t dstStride = 0;
  uint32_t rsv = 0;
  DataCopyExtParams() = default;
  DataCopyExtParams(uint16_t count, uint32_t len, uint32_t srcStrideIn, uint32_t dstStrideIn, uint32_t reserved)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(reserved) {}
};

template <class T>
struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  T paddingValue = 0;
  DataCopyPadExtParams() = default;
  DataCopyPadExtParams(bool pad, uint8_t left, uint8_t right, T value)
      : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

struct DataCopyPadParams {
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  uint64_t paddingValue = 0;
  DataCopyPadParams() = default;
  DataCopyPadParams(bool pad, uint8_t left, uint8_t right, uint64_t value)
      : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

namespace copy_detail {
template <class T>
ascendc_sim::CopyEndpoint Endpoint(const LocalTensor<T>& tensor) {
  ascendc_sim::CopyEndpoint endpoint;
  endpoint.local = tensor.SimRef();
  return endpoint;
}
template <class T>
ascendc_sim::CopyEndpoint Endpoint(const GlobalTensor<T>& tensor) {
  ascendc_sim::CopyEndpoint endpoint;
  endpoint.global = true;
  endpoint.gm = tensor.SimRef();
  return endpoint;
}
template <class Dst, class Src>
void Copy(const Dst& dst, const Src& src, uint32_t elementBytes, ascendc_sim::CopyKind kind,
          const ascendc_sim::CopyShape& shape, const ascendc_sim::CopyPadding& padding, const char* api,
          const std::source_location& location) {
  ascendc_sim::rt::DataCopy(Endpoint(dst), Endpoint(src), elementBytes, kind, shape, padding,
                            ascendc_sim::MakeSite(api, location));
}
inline ascendc_sim::CopyShape Shape(const DataCopyParams& params) {
  return {params.blockCount, params.blockLen, params.srcStride, params.dstStride};
}
inline ascendc_sim::CopyShape Shape(const DataCopyExtParams& params) {
  return {params.blockCount, params.blockLen, params.srcStride, params.dstStride};
}
}  // namespace copy_detail

// Count form: count*sizeof(T) should be a multiple of 32 bytes; the hardware copies the rounded-down amount.
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count,
              const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kCount, {1, uint32_t(count * sizeof(T)), 0, 0}, {},
                    "DataCopy", location);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count,
              const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kCount, {1, uint32_t(count * sizeof(T)), 0, 0}, {},
                    "DataCopy", location);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count,
              const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kCount, {1, uint32_t(count * sizeof(T)), 0, 0}, {},
                    "DataCopy", location);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params,
              const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kBlocks, copy_detail::Shape(params), {}, "DataCopy",
                    location);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params,
              const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kBlocks, copy_detail::Shape(params), {}, "DataCopy",
                    location);
}
// The UB -> GM block copy on raw pointers (from GetPhyAddr()), CANN's implementation layer under
// DataCopy; the UB pointer stands for the live buffer it points into, up to that buffer's end.
template <class T>
void DataCopyUB2GMImpl(__gm__ T* dst, __ubuf__ T* src, const DataCopyParams& intriParams,
                       const std::source_location location = std::source_location::current()) {
  const ascendc_sim::Site site = ascendc_sim::MakeSite("DataCopyUB2GMImpl", location);
  ascendc_sim::CopyEndpoint global, local;
  global.global = true;
  global.gm = ascendc_sim::rt::GmResolve(dst);
  local.local = ascendc_sim::rt::LocalAt(src, "src", site);
  ascendc_sim::rt::DataCopy(global, local, sizeof(T), ascendc_sim::CopyKind::kBlocks, copy_detail::Shape(intriParams),
                            {}, site);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params,
              const std::source_location location = std::source_location::current()) {
  if constexpr (requires { ascendc_sim::DTypeTag<T>::value; }) {
    if (dst.GetPosition() == TPosition::C2) {  // L1 -> bias table counts 64-byte blocks (cube_copy.h)
      ascendc_sim::rt::CopyToBiasTable(dst.SimRef(), ascendc_sim::kDTypeOf<T>, src.SimRef(), ascendc_sim::kDTypeOf<T>,
                                       copy_detail::Shape(params), ascendc_sim::MakeSite("DataCopy", location));
      return;
    }
  }
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kBlocks, copy_detail::Shape(params), {}, "DataCopy",
                    location);
}

template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& params,
                 const DataCopyPadExtParams<T>& padParams,
                 const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(
      dst, src, sizeof(T), ascendc_sim::CopyKind::kPad, copy_detail::Shape(params),
      {padParams.isPad, padParams.leftPadding, padParams.rightPadding, ascendc_sim::ScalarBits(padParams.paddingValue)},
      "DataCopyPad", location);
}
template <class T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& params,
                 const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kPad, copy_detail::Shape(params), {}, "DataCopyPad",
                    location);
}
template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params,
                 const DataCopyPadParams& padParams,
                 const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kPad, copy_detail::Shape(params),
                    {padParams.isPad, padParams.leftPadding, padParams.rightPadding,
                     ascendc_sim::ScalarBits(T(padParams.paddingValue))},
                    "DataCopyPad", location);
}
template <class T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params,
                 const std::source_location location = std::source_location::current()) {
  copy_detail::Copy(dst, src, sizeof(T), ascendc_sim::CopyKind::kPad, copy_detail::Shape(params), {}, "DataCopyPad",
                    location);
}

template <class T>
void SetPadValue(T value) {
  ascendc_sim::rt::SetPadValue(ascendc_sim::ScalarBits(value), sizeof(T));
}

}  // namespace AscendC

// CCE spelling of DataCopy's UB-to-UB block form on raw UB pointers: nBurst blocks of lenBurst
// 32-byte units, with gaps of srcStride/dstStride units. `sid` selects nothing on A2.
inline void copy_ubuf_to_ubuf(__ubuf__ void* dst, __ubuf__ void* src, uint8_t sid, uint16_t nBurst, uint16_t lenBurst,
                              uint16_t srcStride, uint16_t dstStride,
                              const std::source_location location = std::source_location::current()) {
  (void)sid;
  const ascendc_sim::Site site = ascendc_sim::MakeSite("copy_ubuf_to_ubuf", location);
  ascendc_sim::CopyEndpoint to;
  to.local = ascendc_sim::rt::LocalAt(dst, "dst", site);
  ascendc_sim::CopyEndpoint from;
  from.local = ascendc_sim::rt::LocalAt(src, "src", site);
  // Whole 32-byte blocks move, so there is no element size to check: 1 byte.
  ascendc_sim::rt::DataCopy(to, from, 1, ascendc_sim::CopyKind::kBlocks, {nBurst, lenBurst, srcStride, dstStride}, {},
                            site);
}
