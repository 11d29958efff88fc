// Reduction vector APIs: ReduceSum/Max/Min over a whole tensor (with a work buffer), and the
// per-repeat (WholeReduce*, RepeatReduceSum), per-block (BlockReduce*) and per-pair (PairReduceSum)
// level-0 reductions. Names and argument orders are CANN 8.x (A2); note BlockReduce/PairReduce take
// repeatTime before mask while WholeReduce takes mask first.
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/enums.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

namespace ascendc_sim {

enum class ReduceOp : uint8_t { kSum, kMax, kMin };

// Which lanes of one repeat are reduced to one result: the whole repeat, each 32-byte block, or
// each pair of adjacent elements.
enum class ReduceGroup : uint8_t { kRepeat, kBlock, kPair };

// Repeat and stride arguments exactly as the APIs take them (int32), so the runtime can reject
// values the instruction fields cannot hold. dstRepStride is in units of one repeat's output.
struct ReduceParams {
  int32_t repeatTime = 1;
  int32_t srcBlkStride = 1;
  int32_t srcRepStride = 8;
  int32_t dstRepStride = 1;
};

namespace rt {
// ReduceSum/ReduceMax/ReduceMin: `shape` is a count (level 2) or a mask (level 0, with
// params.repeatTime and params.srcRepStride); tmp is the sharedTmpBuffer. With calIndex, dst[1]
// holds the index repeat * elementsPerRepeat + lane as integer bits (uint16 for half, uint32 for float).
void ReduceWithTmp(ReduceOp op, DType type, const LocalRef& dst, const LocalRef& src, const LocalRef& tmp,
                   const VecShape& shape, const ReduceParams& params, bool calIndex, Site site);
// One result per group of lanes in every repeat; `order` only matters for Max/Min over whole repeats.
void ReduceGroups(ReduceOp op, ReduceGroup group, DType type, const LocalRef& dst, const LocalRef& src,
                  const VecShape& mask, const ReduceParams& params, AscendC::ReduceOrder order, Site site);
// The value and index (as raw bits of the element type) left by the block's last ReduceMax/ReduceMin.
void ReduceMaxMinRegister(uint64_t& valueBits, uint64_t& indexBits);
// vcadd's accumulate mode: the sum of every selected element replaces the ACC_VAL register.
void ReduceSumToAccumulator(DType type, const LocalRef& src, const VecShape& mask, const ReduceParams& params,
                            Site site);
// ACC_VAL: the element-type bits of the last accumulate-mode total (0 before any).
uint64_t AccumulatorBits();
}  // namespace rt

// The CCE instruction vcadd on raw UB pointers, under the mask register. Mode false writes each
// repeat's sum to dst (WholeReduceSum); mode true writes only the total of all repeats, to ACC_VAL,
// and ignores dst (which may be null).
template <class T>
void RawRepeatSum(T* dst, T* src, int32_t repeat, int32_t dstRepeatStride, int32_t srcBlockStride,
                  int32_t srcRepeatStride, bool accumulate, const std::source_location& location) {
  const Site site = MakeSite("vcadd", location);
  const LocalRef source = rt::LocalAt(src, "src", site);
  const ReduceParams params{repeat, srcBlockStride, srcRepeatStride, dstRepeatStride};
  const VecShape maskRegister = MaskRegisterShape(uint32_t(repeat));
  if (accumulate) {
    rt::ReduceSumToAccumulator(kDTypeOf<T>, source, maskRegister, params, site);
    return;
  }
  rt::ReduceGroups(ReduceOp::kSum, ReduceGroup::kRepeat, kDTypeOf<T>, rt::LocalAt(dst, "dst", site), source,
                   maskRegister, params, AscendC::ReduceOrder::ORDER_ONLY_VALUE, site);
}

template <class T, class Mask>
void ReduceGroupsCall(ReduceOp op, ReduceGroup group, const AscendC::LocalTensor<T>& dst,
                      const AscendC::LocalTensor<T>& src, Mask mask, bool setMask, const ReduceParams& params,
                      AscendC::ReduceOrder order, const char* api, const std::source_location& location) {
  rt::ReduceGroups(op, group, kDTypeOf<T>, dst.SimRef(), src.SimRef(), MaskShape(mask, 0, setMask), params, order,
                   MakeSite(api, location));
}

}  // namespace ascendc_sim

// ReduceSum/ReduceMax/ReduceMin in their level-2 (count) and both level-0 (mask) forms.
#define ASCENDC_SIM_REDUCE_ALL_API(Name, Op, CAL_INDEX_PARAM, CAL_INDEX_ARG)                                       \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,         \
            const int32_t count CAL_INDEX_PARAM,                                                                  \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                              \
    ascendc_sim::rt::ReduceWithTmp(ascendc_sim::ReduceOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(),            \
                                   src.SimRef(), sharedTmpBuffer.SimRef(), ascendc_sim::CountShape(count),       \
                                   ascendc_sim::ReduceParams{}, CAL_INDEX_ARG, ascendc_sim::MakeSite(#Name, location)); \
  }                                                                                                              \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,         \
            const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride CAL_INDEX_PARAM,             \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                              \
    ascendc_sim::rt::ReduceWithTmp(ascendc_sim::ReduceOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(),            \
                                   src.SimRef(), sharedTmpBuffer.SimRef(),                                       \
                                   ascendc_sim::MaskShape(uint64_t(uint32_t(mask)), 0, isSetMask),               \
                                   ascendc_sim::ReduceParams{repeatTime, 1, srcRepStride, 1}, CAL_INDEX_ARG,     \
                                   ascendc_sim::MakeSite(#Name, location));                                      \
  }                                                                                                              \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,         \
            const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride CAL_INDEX_PARAM,          \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                              \
    ascendc_sim::rt::ReduceWithTmp(ascendc_sim::ReduceOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(),            \
                                   src.SimRef(), sharedTmpBuffer.SimRef(), ascendc_sim::MaskShape(mask, 0, isSetMask), \
                                   ascendc_sim::ReduceParams{repeatTime, 1, srcRepStride, 1}, CAL_INDEX_ARG,     \
                                   ascendc_sim::MakeSite(#Name, location));                                      \
  }

// WholeReduceSum/Max/Min: mask, then repeatTime; one result per repeat.
#define ASCENDC_SIM_WHOLE_REDUCE_API(Name, Op, ORDER_PARAM, ORDER_ARG)                                            \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask, const int32_t repeatTime,  \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER_PARAM,      \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                              \
    ascendc_sim::ReduceGroupsCall(ascendc_sim::ReduceOp::Op, ascendc_sim::ReduceGroup::kRepeat, dst, src,         \
                                  uint64_t(uint32_t(mask)), isSetMask,                                           \
                                  ascendc_sim::ReduceParams{repeatTime, srcBlkStride, srcRepStride, dstRepStride}, \
                                  ORDER_ARG, #Name, location);                                                   \
  }                                                                                                              \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const int32_t repeatTime, \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER_PARAM,      \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                              \
    ascendc_sim::ReduceGroupsCall(ascendc_sim::ReduceOp::Op, ascendc_sim::ReduceGroup::kRepeat, dst, src, mask,   \
                                  isSetMask,                                                                     \
                                  ascendc_sim::ReduceParams{repeatTime, srcBlkStride, srcRepStride, dstRepStride}, \
                                  ORDER_ARG, #Name, location);                                                   \
  }

// BlockReduceSum/Max/Min and PairReduceSum: repeatTime, then mask; one result per block or pair.
#define ASCENDC_SIM_GROUP_REDUCE_API(Name, Op, Group)                                                            \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, const int32_t mask,  \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,                 \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                              \
    ascendc_sim::ReduceGroupsCall(ascendc_sim::ReduceOp::Op, ascendc_sim::ReduceGroup::Group, dst, src,           \
                                  uint64_t(uint32_t(mask)), isSetMask,                                           \
                                  ascendc_sim::ReduceParams{repeatTime, srcBlkStride, srcRepStride, dstRepStride}, \
                                  ReduceOrder::ORDER_ONLY_VALUE, #Name, location);                               \
  }                                                                                                              \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, const uint64_t mask[], \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,                 \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                              \
    ascendc_sim::ReduceGroupsCall(ascendc_sim::ReduceOp::Op, ascendc_sim::ReduceGroup::Group, dst, src, mask,     \
                                  isSetMask,                                                                     \
                                  ascendc_sim::ReduceParams{repeatTime, srcBlkStride, srcRepStride, dstRepStride}, \
                                  ReduceOrder::ORDER_ONLY_VALUE, #Name, location);                               \
  }

#define ASCENDC_SIM_COMMA ,

namespace AscendC {

ASCENDC_SIM_REDUCE_ALL_API(ReduceSum, kSum, , false)
ASCENDC_SIM_REDUCE_ALL_API(ReduceMax, kMax, ASCENDC_SIM_COMMA bool calIndex = false, calIndex)
ASCENDC_SIM_REDUCE_ALL_API(ReduceMin, kMin, ASCENDC_SIM_COMMA bool calIndex = false, calIndex)

ASCENDC_SIM_WHOLE_REDUCE_API(WholeReduceSum, kSum, , ReduceOrder::ORDER_ONLY_VALUE)
ASCENDC_SIM_WHOLE_REDUCE_API(WholeReduceMax, kMax,
                             ASCENDC_SIM_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, order)
ASCENDC_SIM_WHOLE_REDUCE_API(WholeReduceMin, kMin,
                             ASCENDC_SIM_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, order)

ASCENDC_SIM_GROUP_REDUCE_API(BlockReduceSum, kSum, kBlock)
ASCENDC_SIM_GROUP_REDUCE_API(BlockReduceMax, kMax, kBlock)
ASCENDC_SIM_GROUP_REDUCE_API(BlockReduceMin, kMin, kBlock)
ASCENDC_SIM_GROUP_REDUCE_API(PairReduceSum, kSum, kPair)

// RepeatReduceSum: WholeReduceSum with a contiguous mask only; dstBlkStride has no effect on A2
// (one result per repeat), dstRepStride is in elements.
template <class T, bool isSetMask = true>
void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                     const int32_t dstRepStride, const int32_t srcRepStride,
                     const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("RepeatReduceSum", T, half, float);
  (void)dstBlkStride;
  ascendc_sim::ReduceGroupsCall(ascendc_sim::ReduceOp::kSum, ascendc_sim::ReduceGroup::kRepeat, dst, src,
                                uint64_t(uint32_t(mask)), isSetMask,
                                ascendc_sim::ReduceParams{repeatTime, srcBlkStride, srcRepStride, dstRepStride},
                                ReduceOrder::ORDER_ONLY_VALUE, "RepeatReduceSum", location);
}

// Reads the value (and index, as raw integer bits in a T) of the block's last ReduceMax/ReduceMin.
template <class T>
void GetReduceMaxMinCount(T& value, T& index) {
  ASCENDC_SIM_CHECK_DTYPE("GetReduceMaxMinCount", T, half, float);
  uint64_t valueBits = 0;
  uint64_t indexBits = 0;
  ascendc_sim::rt::ReduceMaxMinRegister(valueBits, indexBits);
  __builtin_memcpy(static_cast<void*>(&value), &valueBits, sizeof(T));
  __builtin_memcpy(static_cast<void*>(&index), &indexBits, sizeof(T));
}
template <class T>
void GetReduceMaxMinCount(T& value) {
  T index;
  GetReduceMaxMinCount(value, index);
}

}  // namespace AscendC

// CCE spellings (global namespace). CANN declares the repeat uint8_t and the strides uint16_t;
// wider parameters let an out-of-range value be reported instead of silently wrapped.
inline void vcadd(__ubuf__ half* dst, __ubuf__ half* src, int32_t repeat, int32_t dstRepeatStride,
                  int32_t srcBlockStride, int32_t srcRepeatStride, bool mode,
                  const std::source_location location = std::source_location::current()) {
  ascendc_sim::RawRepeatSum(dst, src, repeat, dstRepeatStride, srcBlockStride, srcRepeatStride, mode, location);
}
inline void vcadd(__ubuf__ float* dst, __ubuf__ float* src, int32_t repeat, int32_t dstRepeatStride,
                  int32_t srcBlockStride, int32_t srcRepeatStride, bool mode,
                  const std::source_location location = std::source_location::current()) {
  ascendc_sim::RawRepeatSum(dst, src, repeat, dstRepeatStride, srcBlockStride, srcRepeatStride, mode, location);
}
// SPR.ACC_VAL as raw bits: a float total in the low 32 bits, a half one in the low 16.
inline int64_t get_acc_val() { return int64_t(ascendc_sim::rt::AccumulatorBits()); }

namespace AscendC {

// The total of the last ReduceSum count form (or vcadd accumulate mode): as raw register bits,
// or converted to the element type.
inline int64_t GetAccVal() { return get_acc_val(); }
template <class T>
T GetAccVal() {
  ASCENDC_SIM_CHECK_DTYPE("GetAccVal", T, half, float);
  const uint64_t bits = ascendc_sim::rt::AccumulatorBits();
  T value;
  __builtin_memcpy(static_cast<void*>(&value), &bits, sizeof(T));
  return value;
}

}  // namespace AscendC

#undef ASCENDC_SIM_COMMA
