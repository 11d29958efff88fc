// Atomic accumulation for copies from on-chip memory to GM: after SetAtomicAdd<T>() a DataCopy to
// GM adds into what is there instead of overwriting it, until SetAtomicNone().
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/runtime.h"

#define ASCENDC_SIM_ATOMIC_API(Name, Op)                                                            \
  template <class T>                                                                                \
  void Name() {                                                                                     \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, float, half, bfloat16_t, int8_t, int16_t, int32_t);           \
    ascendc_sim::rt::SetAtomic(ascendc_sim::rt::AtomicOp::Op, ascendc_sim::kDTypeOf<T>);            \
  }

namespace AscendC {

ASCENDC_SIM_ATOMIC_API(SetAtomicAdd, kAdd)
ASCENDC_SIM_ATOMIC_API(SetAtomicMax, kMax)
ASCENDC_SIM_ATOMIC_API(SetAtomicMin, kMin)

template <class T>
void SetAtomicType() {
  ASCENDC_SIM_CHECK_DTYPE("SetAtomicType", T, float, half, bfloat16_t, int8_t, int16_t, int32_t);
  ascendc_sim::rt::SetAtomicType(ascendc_sim::kDTypeOf<T>);
}
inline void SetAtomicNone() { ascendc_sim::rt::SetAtomic(ascendc_sim::rt::AtomicOp::kNone, ascendc_sim::DType::kFloat); }

}  // namespace AscendC
