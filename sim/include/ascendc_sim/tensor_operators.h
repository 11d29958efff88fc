// Whole-tensor operator sugar, as CANN's symbol overloads: `dst = a + b` (also - * / & |) runs the
// level-2 API over dst.GetSize() elements; `mask = a < b` (also > == <= >= !=) runs Compare over
// a.GetSize() elements into a uint8_t bit mask.
#pragma once
#include <cstdint>
#include <source_location>
#include <type_traits>

#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_binary.h"
#include "ascendc_sim/vec_compare.h"

namespace ascendc_sim {

// The right-hand operand of a tensor operator. Its converting constructor's default argument is
// evaluated where the kernel wrote the expression, so diagnostics name the kernel's line.
template <class T>
struct OperandAt {
  OperandAt(const AscendC::LocalTensor<T>& operand,
            const std::source_location where = std::source_location::current())
      : tensor(operand), location(where) {}
  AscendC::LocalTensor<T> tensor;
  std::source_location location;
};

enum class TensorArithmetic : uint8_t { kAdd, kSub, kMul, kDiv, kAnd, kOr };

// What `a op b` evaluates to; assigning it to a LocalTensor computes into that tensor.
template <class T, TensorArithmetic op>
struct ArithmeticExpression {
  AscendC::LocalTensor<T> src0;
  AscendC::LocalTensor<T> src1;
  std::source_location location;

  void EvaluateInto(const AscendC::LocalTensor<T>& dst) const {
    const int32_t count = int32_t(dst.GetSize());
    if constexpr (op == TensorArithmetic::kAdd) AscendC::Add(dst, src0, src1, count, location);
    if constexpr (op == TensorArithmetic::kSub) AscendC::Sub(dst, src0, src1, count, location);
    if constexpr (op == TensorArithmetic::kMul) AscendC::Mul(dst, src0, src1, count, location);
    if constexpr (op == TensorArithmetic::kDiv) AscendC::Div(dst, src0, src1, count, location);
    if constexpr (op == TensorArithmetic::kAnd || op == TensorArithmetic::kOr) EvaluateBitwise(dst, count);
  }

 private:
  // The bitwise instructions work on 16-bit lanes; CANN's operators run 32-bit integers as twice as many.
  void EvaluateBitwise(const AscendC::LocalTensor<T>& dst, int32_t count) const {
    if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>) {
      const auto lanes = [](const AscendC::LocalTensor<T>& tensor) {
        return tensor.template ReinterpretCast<uint16_t>();
      };
      ApplyBitwise(lanes(dst), lanes(src0), lanes(src1), count * 2);
    } else {
      ApplyBitwise(dst, src0, src1, count);
    }
  }
  template <class U>
  void ApplyBitwise(const AscendC::LocalTensor<U>& dst, const AscendC::LocalTensor<U>& a,
                    const AscendC::LocalTensor<U>& b, int32_t count) const {
    if constexpr (op == TensorArithmetic::kAnd) AscendC::And(dst, a, b, count, location);
    if constexpr (op == TensorArithmetic::kOr) AscendC::Or(dst, a, b, count, location);
  }
};

template <class T>
struct CompareExpression {
  AscendC::LocalTensor<T> src0;
  AscendC::LocalTensor<T> src1;
  AscendC::CMPMODE mode;
  std::source_location location;

  template <class U>
  void EvaluateInto(const AscendC::LocalTensor<U>& dst) const {
    AscendC::Compare(dst, src0, src1, mode, src0.GetSize(), location);
  }
};

}  // namespace ascendc_sim

#define ASCENDC_SIM_TENSOR_COMPARE(Symbol, Mode)                                                              \
  template <class T>                                                                                          \
  ascendc_sim::CompareExpression<T> operator Symbol(                                                          \
      const LocalTensor<T>& src0, const std::type_identity_t<ascendc_sim::OperandAt<T>>& src1) {              \
    return {src0, src1.tensor, CMPMODE::Mode, src1.location};                                                 \
  }

#define ASCENDC_SIM_TENSOR_ARITHMETIC(Symbol, Op)                                                             \
  template <class T>                                                                                          \
  ascendc_sim::ArithmeticExpression<T, ascendc_sim::TensorArithmetic::Op> operator Symbol(                    \
      const LocalTensor<T>& src0, const std::type_identity_t<ascendc_sim::OperandAt<T>>& src1) {              \
    return {src0, src1.tensor, src1.location};                                                                \
  }

namespace AscendC {

ASCENDC_SIM_TENSOR_ARITHMETIC(+, kAdd)
ASCENDC_SIM_TENSOR_ARITHMETIC(-, kSub)
ASCENDC_SIM_TENSOR_ARITHMETIC(*, kMul)
ASCENDC_SIM_TENSOR_ARITHMETIC(/, kDiv)
ASCENDC_SIM_TENSOR_ARITHMETIC(&, kAnd)
ASCENDC_SIM_TENSOR_ARITHMETIC(|, kOr)
ASCENDC_SIM_TENSOR_COMPARE(<, LT)
ASCENDC_SIM_TENSOR_COMPARE(>, GT)
ASCENDC_SIM_TENSOR_COMPARE(==, EQ)
ASCENDC_SIM_TENSOR_COMPARE(<=, LE)
ASCENDC_SIM_TENSOR_COMPARE(>=, GE)
ASCENDC_SIM_TENSOR_COMPARE(!=, NE)

}  // namespace AscendC
