// The runtime side of the vector APIs: what an instruction computes and which elements it touches.
#pragma once
#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

// How a vector instruction selects elements. Level 2 (kCount) processes the first `count`
// elements; level 0 processes `repeatTimes` repeats of 256 bytes under a mask, with block and
// repeat strides in 32-byte blocks. kMaskRegister (isSetMask=false) uses the block's mask register.
struct VecShape {
  enum class Mode : uint8_t { kCount, kMaskLength, kMaskBits, kMaskRegister };
  Mode mode = Mode::kCount;
  uint64_t count = 0;
  uint64_t maskBits[2] = {0, 0};
  uint32_t repeatTimes = 1;
  uint16_t dstBlkStride = 1;
  uint16_t src0BlkStride = 1;
  uint16_t src1BlkStride = 1;
  uint16_t dstRepStride = 8;
  uint16_t src0RepStride = 8;
  uint16_t src1RepStride = 8;
};

inline VecShape CountShape(int64_t count) {
  VecShape shape;
  shape.count = count < 0 ? 0 : uint64_t(count);
  return shape;
}

enum class BinaryOp : uint8_t {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMax,
  kMin,
  kAnd,
  kOr,
  kAddRelu,
  kSubRelu,
  kFusedMulAdd,
  kFusedMulAddRelu,
  kMulAddDst
};
enum class UnaryOp : uint8_t { kExp, kLn, kAbs, kReciprocal, kSqrt, kRsqrt, kNot, kRelu, kCopy };
enum class ScalarOp : uint8_t { kAdds, kMuls, kMaxs, kMins, kShiftLeft, kShiftRight, kLeakyRelu, kShiftRightRound };

namespace rt {
void VecBinary(BinaryOp op, DType type, const LocalRef& dst, const LocalRef& src0, const LocalRef& src1,
               const VecShape& shape, Site site);
void VecUnary(UnaryOp op, DType type, const LocalRef& dst, const LocalRef& src, const VecShape& shape, Site site);
void VecScalar(ScalarOp op, DType type, const LocalRef& dst, const LocalRef& src, uint64_t scalarBits,
               const VecShape& shape, Site site);

// The mask register and its mode (SetMaskCount/SetMaskNorm/SetVectorMask/ResetMask).
void SetMaskCounterMode(bool counter);
void SetVectorMaskBits(uint64_t high, uint64_t low);
void ResetVectorMask();
// SetVectorMask<T>(len) in normal mode: the first `len` lanes of a repeat of `elementBytes`-byte elements.
void SetVectorMaskLength(int32_t len, uint32_t elementBytes, Site site);
}  // namespace rt

}  // namespace ascendc_sim
