// Select: dst = mask bit ? src0 : src1 (src1 a tensor or a scalar). SELMODE decides where the bits
// come from: VSEL_CMPMASK_SPR reads the 128-bit CMPMASK register (level 2 first loads it from
// selMask), so every repeat reuses the same 256/sizeof(T) bits; the TENSOR_* modes consume selMask
// bit by bit across repeats.
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/enums.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

namespace ascendc_sim {

// Where the second operand and the mask bits come from.
struct SelectSources {
  bool src1IsScalar = false;
  uint64_t scalarBits = 0;
  bool maskFromRegister = false;  // the register-only level-0 form has no selMask tensor
};

namespace rt {
void VecSelect(DType type, uint8_t selMode, const LocalRef& dst, const LocalRef& selMask, const LocalRef& src0,
               const LocalRef& src1, const SelectSources& sources, const VecShape& shape, Site site);
}  // namespace rt

template <class T>
SelectSources ScalarSource(const T& scalar) {
  SelectSources sources;
  sources.src1IsScalar = true;
  sources.scalarBits = ScalarBits(scalar);
  return sources;
}

}  // namespace ascendc_sim

// CANN checks selMask's type only in its CPU-debug build (an ASSERT in the Select implementation);
// the NPU compiler takes any integer mask buffer, and NPU-mode kernels do pass Compare's int8_t
// output as the mask.
#if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG
#define ASCENDC_SIM_CHECK_SELECT_MASK_DTYPE(U) \
  ASCENDC_SIM_CHECK_DTYPE("Select (selMask)", U, uint8_t, uint16_t, uint32_t, uint64_t)
#else
#define ASCENDC_SIM_CHECK_SELECT_MASK_DTYPE(U)                                                            \
  ASCENDC_SIM_CHECK_DTYPE("Select (selMask)", U, uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t, \
                          int32_t, int64_t)
#endif

#define ASCENDC_SIM_CHECK_SELECT_DTYPES(T, U)        \
  ASCENDC_SIM_CHECK_DTYPE("Select", T, half, float); \
  ASCENDC_SIM_CHECK_SELECT_MASK_DTYPE(U)

namespace AscendC {

template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint32_t count,
            const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_SELECT_DTYPES(T, U);
  ascendc_sim::rt::VecSelect(ascendc_sim::kDTypeOf<T>, uint8_t(selMode), dst.SimRef(), selMask.SimRef(), src0.SimRef(),
                             src1.SimRef(), {}, ascendc_sim::CountShape(count),
                             ascendc_sim::MakeSite("Select", location));
}

// The scalar's type must be T exactly: T is deduced from the tensors and the scalar.
template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE selMode, uint32_t count, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_SELECT_DTYPES(T, U);
  ascendc_sim::rt::VecSelect(ascendc_sim::kDTypeOf<T>, uint8_t(selMode), dst.SimRef(), selMask.SimRef(), src0.SimRef(),
                             {}, ascendc_sim::ScalarSource(src1), ascendc_sim::CountShape(count),
                             ascendc_sim::MakeSite("Select", location));
}

// Level-0 forms with a selMask tensor; the mask is bitwise or a contiguous length.
template <class T, class U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, const ascendc_sim::MaskArg mask,
            const ascendc_sim::RepeatTimes repeatTimes, const BinaryRepeatParams& params,
            const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_SELECT_DTYPES(T, U);
  ascendc_sim::rt::VecSelect(ascendc_sim::kDTypeOf<T>, uint8_t(selMode), dst.SimRef(), selMask.SimRef(), src0.SimRef(),
                             src1.SimRef(), {}, ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, params),
                             ascendc_sim::MakeSite("Select", location));
}
template <class T, class U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE selMode, const ascendc_sim::MaskArg mask, const ascendc_sim::RepeatTimes repeatTimes,
            const BinaryRepeatParams& params, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_SELECT_DTYPES(T, U);
  ascendc_sim::rt::VecSelect(ascendc_sim::kDTypeOf<T>, uint8_t(selMode), dst.SimRef(), selMask.SimRef(), src0.SimRef(),
                             {}, ascendc_sim::ScalarSource(src1),
                             ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, params),
                             ascendc_sim::MakeSite("Select", location));
}

// Register form: mask bits from CMPMASK (set by level-0 Compare or SetCmpMask), lanes from the
// vector mask register (SetVectorMask).
template <class T, SELMODE selMode>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
            const ascendc_sim::RepeatTimes repeatTimes, const BinaryRepeatParams& params,
            const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Select", T, half, float);
  static_assert(selMode == SELMODE::VSEL_CMPMASK_SPR,
                "the simulator models the Select form without selMask only for SELMODE::VSEL_CMPMASK_SPR");
  ascendc_sim::SelectSources sources;
  sources.maskFromRegister = true;
  ascendc_sim::rt::VecSelect(ascendc_sim::kDTypeOf<T>, uint8_t(selMode), dst.SimRef(), {}, src0.SimRef(), src1.SimRef(),
                             sources, ascendc_sim::WithStrides(uint64_t(0), repeatTimes, false, params),
                             ascendc_sim::MakeSite("Select", location));
}

}  // namespace AscendC
