// Repeat-parameter structs of the level-0 vector APIs.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/vec_runtime.h"

namespace AscendC {

struct BinaryRepeatParams {
  uint8_t dstBlkStride = 1;
  uint8_t src0BlkStride = 1;
  uint8_t src1BlkStride = 1;
  uint8_t dstRepStride = 8;
  uint8_t src0RepStride = 8;
  uint8_t src1RepStride = 8;
  BinaryRepeatParams() = default;
  BinaryRepeatParams(uint8_t dstBlk, uint8_t src0Blk, uint8_t src1Blk, uint8_t dstRep, uint8_t src0Rep, uint8_t src1Rep)
      : dstBlkStride(dstBlk),
        src0BlkStride(src0Blk),
        src1BlkStride(src1Blk),
        dstRepStride(dstRep),
        src0RepStride(src0Rep),
        src1RepStride(src1Rep) {}
};

struct UnaryRepeatParams {
  uint16_t dstBlkStride = 1;
  uint16_t srcBlkStride = 1;
  uint8_t dstRepStride = 8;
  uint8_t srcRepStride = 8;
  UnaryRepeatParams() = default;
  UnaryRepeatParams(uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep, uint8_t srcRep)
      : dstBlkStride(dstBlk), srcBlkStride(srcBlk), dstRepStride(dstRep), srcRepStride(srcRep) {}
};

}  // namespace AscendC

namespace ascendc_sim {

// A level-0 repeat count. CANN declares it uint8_t, so a computed 300 silently wraps to 44 there;
// taking any integer here keeps the real value so the runtime reports it as bad-parameter.
struct RepeatTimes {
  uint32_t value;
  template <class Integer>
  requires std::is_integral_v<Integer>
  constexpr RepeatTimes(Integer count) : value(Clamp(count)) {}
  constexpr operator uint32_t() const { return value; }

 private:
  template <class Integer>
  static constexpr uint32_t Clamp(Integer count) {
    if constexpr (std::is_signed_v<Integer>) {
      if (count < 0) return ~uint32_t(0);
    }
    return uint64_t(count) > ~uint32_t(0) ? ~uint32_t(0) : uint32_t(count);
  }
};

// The mask argument of a level-0 call. CANN overloads each API on `uint64_t mask[]` (bit mode)
// and `uint64_t mask` (contiguous length); one parameter type that accepts both keeps each API to
// a single level-0 form.
struct MaskArg {
  bool bitwise;
  uint64_t value[2];
  MaskArg(const uint64_t* bits) : bitwise(true), value{bits ? bits[0] : 0, bits ? bits[1] : 0} {}
  template <class Integer>
  requires std::is_integral_v<Integer> MaskArg(Integer length) : bitwise(false), value{uint64_t(length), 0} {}
};

// Level-0 shapes from the public parameter structs.
inline VecShape MaskShape(const MaskArg& mask, uint32_t repeatTimes, bool setMask) {
  VecShape shape;
  if (!setMask) {
    shape.mode = VecShape::Mode::kMaskRegister;
  } else {
    shape.mode = mask.bitwise ? VecShape::Mode::kMaskBits : VecShape::Mode::kMaskLength;
  }
  if (mask.bitwise) {
    shape.maskBits[0] = mask.value[0];
    shape.maskBits[1] = mask.value[1];
  } else {
    shape.count = mask.value[0];
  }
  shape.repeatTimes = repeatTimes;
  return shape;
}
// The shape of a CCE instruction on raw pointers: it runs under whatever the mask register holds.
inline VecShape MaskRegisterShape(uint32_t repeatTimes) {
  VecShape shape;
  shape.mode = VecShape::Mode::kMaskRegister;
  shape.repeatTimes = repeatTimes;
  return shape;
}
inline VecShape WithStrides(const MaskArg& mask, uint32_t repeatTimes, bool setMask,
                            const AscendC::BinaryRepeatParams& params) {
  VecShape shape = MaskShape(mask, repeatTimes, setMask);
  shape.dstBlkStride = params.dstBlkStride;
  shape.src0BlkStride = params.src0BlkStride;
  shape.src1BlkStride = params.src1BlkStride;
  shape.dstRepStride = params.dstRepStride;
  shape.src0RepStride = params.src0RepStride;
  shape.src1RepStride = params.src1RepStride;
  return shape;
}
inline VecShape WithStrides(const MaskArg& mask, uint32_t repeatTimes, bool setMask,
                            const AscendC::UnaryRepeatParams& params) {
  VecShape shape = MaskShape(mask, repeatTimes, setMask);
  shape.dstBlkStride = params.dstBlkStride;
  shape.src0BlkStride = params.srcBlkStride;
  shape.dstRepStride = params.dstRepStride;
  shape.src0RepStride = params.srcRepStride;
  return shape;
}

}  // namespace ascendc_sim
