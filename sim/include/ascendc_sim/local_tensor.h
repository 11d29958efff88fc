// LocalTensor: a typed view of on-chip memory handed out by TQue/TBuf.
#pragma once
#include "ascendc_sim/enums.h"
#include "ascendc_sim/runtime.h"

namespace AscendC {

enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };
constexpr int32_t K_MAX_SHAPE_DIM = 8;
// A tensor's shape as SetShapeInfo records it; the high-level APIs read their shape from it when
// none is passed. Without an original shape, the original shape is the shape.
struct ShapeInfo {
  ShapeInfo() = default;
  ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[], uint8_t inputOriginalShapeDim,
            const uint32_t inputOriginalShape[], DataFormat inputFormat)
      : shapeDim(Clamp(inputShapeDim)), originalShapeDim(Clamp(inputOriginalShapeDim)), dataFormat(inputFormat) {
    for (uint8_t i = 0; i < shapeDim; ++i) shape[i] = inputShape[i];
    for (uint8_t i = 0; i < originalShapeDim; ++i) originalShape[i] = inputOriginalShape[i];
  }
  ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[], DataFormat inputFormat = DataFormat::ND)
      : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, inputFormat) {}

  uint8_t shapeDim = 0;
  uint8_t originalShapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM] = {};
  uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
  DataFormat dataFormat = DataFormat::ND;

 private:
  static constexpr uint8_t Clamp(uint8_t dim) { return dim < K_MAX_SHAPE_DIM ? dim : uint8_t(K_MAX_SHAPE_DIM); }
};

template <class T>
class LocalTensor {
 public:
  using PrimType = T;

  LocalTensor() = default;
  explicit LocalTensor(const ascendc_sim::LocalRef& ref) : ref_(ref) {}

  T GetValue(uint32_t index, const std::source_location location = std::source_location::current()) const {
    T value;
    ascendc_sim::rt::LoadLocal(ref_, uint64_t(index) * sizeof(T), &value, sizeof(T),
                               ascendc_sim::MakeSite("LocalTensor::GetValue", location));
    return value;
  }
  template <class S>
  void SetValue(uint32_t index, S value, const std::source_location location = std::source_location::current()) const {
    const T converted = static_cast<T>(value);
    ascendc_sim::rt::StoreLocal(ref_, uint64_t(index) * sizeof(T), &converted, sizeof(T),
                                ascendc_sim::MakeSite("LocalTensor::SetValue", location));
  }
  // A reference may be read or written; it is counted as a write so later reads are not flagged.
  T& operator()(uint32_t index) const {
    ascendc_sim::rt::CheckLocal(ref_, uint64_t(index) * sizeof(T), sizeof(T), ascendc_sim::Access::kWrite,
                                ascendc_sim::MakeSite("LocalTensor::operator()", std::source_location::current()));
    return *reinterpret_cast<T*>(ref_.address + uint64_t(index) * sizeof(T));
  }
  LocalTensor operator[](uint32_t offset) const {
    LocalTensor result = *this;
    const uint64_t bytes = uint64_t(offset) * sizeof(T);
    result.ref_.address += bytes;
    result.ref_.bytes = bytes < ref_.bytes ? uint32_t(ref_.bytes - bytes) : 0u;
    return result;
  }

  uint32_t GetSize() const { return ref_.bytes / sizeof(T); }
  [[deprecated("GetLength is deprecated; use GetSize")]] uint32_t GetLength() const { return ref_.bytes; }
  void SetSize(uint32_t size) { ref_.bytes = size * sizeof(T); }
  TPosition GetPosition() const { return TPosition(ref_.position); }
  uint64_t GetPhyAddr() const { return reinterpret_cast<uint64_t>(ref_.address); }
  void SetUserTag(int32_t tag) { userTag_ = tag; }
  int32_t GetUserTag() const { return userTag_; }
  template <class U>
  LocalTensor<U> ReinterpretCast() const {
    ascendc_sim::LocalRef cast = ref_;
    cast.bytes = ref_.bytes / sizeof(U) * sizeof(U);
    return LocalTensor<U>(cast);
  }

  // `dst = a + b` and the other operator sugar of tensor_operators.h: the expression computes into
  // this tensor instead of replacing the view.
  template <class Expression>
    requires requires(const Expression& expression, const LocalTensor& dst) { expression.EvaluateInto(dst); }
  void operator=(const Expression& expression) {
    expression.EvaluateInto(*this);
  }

  ShapeInfo GetShapeInfo() const { return shapeInfo_; }
  void SetShapeInfo(const ShapeInfo& shapeInfo) { shapeInfo_ = shapeInfo; }

  // CPU-debug helpers: print the first `count` elements, or write the tensor's bytes to a file.
  void Print(const std::source_location location = std::source_location::current()) const {
    Print(GetSize(), location);
  }
  void Print(uint32_t count, const std::source_location location = std::source_location::current()) const {
    ascendc_sim::rt::PrintLocal(ref_, ascendc_sim::kDTypeOf<T>, count, ascendc_sim::MakeSite("Print", location));
  }
  int32_t ToFile(const char* fileName, const std::source_location location = std::source_location::current()) const {
    return ascendc_sim::rt::WriteLocalToFile(ref_, fileName, ascendc_sim::MakeSite("ToFile", location));
  }

  const ascendc_sim::LocalRef& SimRef() const { return ref_; }

 private:
  ascendc_sim::LocalRef ref_;
  int32_t userTag_ = 0;
  ShapeInfo shapeInfo_;
};

}  // namespace AscendC
