// Power (CANN adv_api/math/power.h): dst = base ^ exponent element-wise, with the base and the
// exponent each a tensor or (on one side) a scalar, with or without sharedTmpBuffer and count.
// Floating types compute powf in float; int32_t computes the exact integer power (a negative
// exponent gives the truncated 1 / base^-exponent).
#pragma once
#include <source_location>

#include "ascendc_sim/adv_math/math_runtime.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace ascendc_sim {

template <class T>
void PowerCall(const AscendC::LocalTensor<T>& dst, const LocalRef& base, const LocalRef& exponent,
               const PowerOperands& operands, uint32_t count, const std::source_location& location) {
  ASCENDC_SIM_CHECK_DTYPE("Power", T, half, float, int32_t);
  rt::VecPower(kDTypeOf<T>, dst.SimRef(), base, exponent, operands, count, MakeSite("Power", location));
}

template <class T>
PowerOperands ScalarPowerOperand(bool scalarIsBase, const T& scalar) {
  PowerOperands operands;
  operands.baseIsScalar = scalarIsBase;
  operands.exponentIsScalar = !scalarIsBase;
  operands.scalarBits = ScalarBits(scalar);
  return operands;
}

}  // namespace ascendc_sim

namespace AscendC {

// tensor ^ tensor
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           uint32_t calCount,
           const std::source_location location = std::source_location::current()) {
  ascendc_sim::PowerCall(dstTensor, src0Tensor.SimRef(), src1Tensor.SimRef(), {}, calCount, location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount,
           const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, calCount, location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer,
           const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize(), location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const std::source_location location = std::source_location::current()) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize(), location);
}

// tensor ^ scalar
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar, uint32_t calCount,
           const std::source_location location = std::source_location::current()) {
  ascendc_sim::PowerCall(dstTensor, src0Tensor.SimRef(), {}, ascendc_sim::ScalarPowerOperand(false, src1Scalar),
                         calCount, location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount,
           const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, calCount, location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer,
           const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, src0Tensor.GetSize(), location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const std::source_location location = std::source_location::current()) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, src0Tensor.GetSize(), location);
}

// scalar ^ tensor
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor, uint32_t calCount,
           const std::source_location location = std::source_location::current()) {
  ascendc_sim::PowerCall(dstTensor, {}, src1Tensor.SimRef(), ascendc_sim::ScalarPowerOperand(true, src0Scalar),
                         calCount, location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount,
           const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, calCount, location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer,
           const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, src1Tensor.GetSize(), location);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const std::source_location location = std::source_location::current()) {
  Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, src1Tensor.GetSize(), location);
}

}  // namespace AscendC
