// The sort instructions of Atlas A2/A3 (CANN 8.x kernel_operator_proposal_intf.h): Sort32 sorts
// runs of 32 scores into 8-byte (score, index) pairs, MrgSort merges up to four sorted runs of
// pairs, GetMrgSortResult reads how much of each run a merge consumed, and GetSortLen and
// GetSortOffset size pair buffers in elements of T.
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {

constexpr uint8_t MRG_SORT_ELEMENT_LEN = 4;

struct MrgSort4Info {
  MrgSort4Info() = default;
  MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN], const bool ifExhaustedSuspensionIn,
               const uint16_t validBitIn, const uint16_t repeatTimesIn)
      : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn), repeatTimes(uint8_t(repeatTimesIn)) {
    for (int i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
  }
  uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0, 0, 0, 0};  // pairs in each run
  bool ifExhaustedSuspension = false;                            // stop once any valid run is used up
  uint16_t validBit = 0;  // 0b11, 0b111 or 0b1111: the first 2, 3 or 4 runs take part
  uint8_t repeatTimes = 1;
};

template <class T>
struct MrgSortSrcList {
  MrgSortSrcList() = default;
  MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In, const LocalTensor<T>& src3In,
                 const LocalTensor<T>& src4In)
      : src1(src1In), src2(src2In), src3(src3In), src4(src4In) {}
  LocalTensor<T> src1;
  LocalTensor<T> src2;
  LocalTensor<T> src3;  // may stay empty when validBit leaves it out
  LocalTensor<T> src4;
};

}  // namespace AscendC

namespace ascendc_sim {

// A merge's settings as the caller gave them; repeatTimes keeps MrgSort's int32_t argument so the
// runtime can reject values the instruction's 8-bit field cannot hold.
struct MergeSettings {
  uint16_t lengths[AscendC::MRG_SORT_ELEMENT_LEN] = {0, 0, 0, 0};
  bool exhaustedSuspension = false;
  uint16_t validBit = 0;
  int32_t repeatTimes = 1;
};

namespace rt {
void VecSort32(DType type, const LocalRef& dst, const LocalRef& scores, const LocalRef& indices, int32_t repeatTime,
               Site site);
// `runs` holds src1..src4; merges them into dst and sets the block's VMS4_SR register.
void VecMrgSort(DType type, const LocalRef& dst, const LocalRef* runs, const MergeSettings& settings, Site site);
// VMS4_SR: bits [16i, 16i + 16) count the pairs the block's last MrgSort took from run i.
uint64_t MergedCountRegister();
}  // namespace rt

template <class T>
void MrgSortCall(const AscendC::LocalTensor<T>& dst, const AscendC::MrgSortSrcList<T>& src,
                 const MergeSettings& settings, const Site& site) {
  const LocalRef runs[AscendC::MRG_SORT_ELEMENT_LEN] = {src.src1.SimRef(), src.src2.SimRef(), src.src3.SimRef(),
                                                        src.src4.SimRef()};
  rt::VecMrgSort(kDTypeOf<T>, dst.SimRef(), runs, settings, site);
}

}  // namespace ascendc_sim

#define ASCENDC_SIM_CHECK_SORT_DTYPE(api, T) ASCENDC_SIM_CHECK_DTYPE(api, T, half, float)

namespace AscendC {

// Each repeat sorts 32 scores of src0 with their uint32_t indices from src1, largest first, into
// 32 pairs (256 bytes) of dst.
template <class T>
void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
            const int32_t repeatTime, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_SORT_DTYPE("Sort32", T);
  ascendc_sim::rt::VecSort32(ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(), src1.SimRef(), repeatTime,
                             ascendc_sim::MakeSite("Sort32", location));
}

template <class T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params,
             const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_SORT_DTYPE("MrgSort", T);
  ascendc_sim::MergeSettings settings;
  for (int i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) settings.lengths[i] = params.elementLengths[i];
  settings.exhaustedSuspension = params.ifExhaustedSuspension;
  settings.validBit = params.validBit;
  settings.repeatTimes = params.repeatTimes;
  ascendc_sim::MrgSortCall(dst, src, settings, ascendc_sim::MakeSite("MrgSort", location));
}

// The same merge with its settings as arguments; with isExhaustedSuspension, sortedNum receives
// the pairs taken from each run (GetMrgSortResult's values).
template <class T, bool isExhaustedSuspension = false>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4],
             uint32_t sortedNum[4], uint16_t validBit, const int32_t repeatTime,
             const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_SORT_DTYPE("MrgSort", T);
  ascendc_sim::MergeSettings settings;
  for (int i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) settings.lengths[i] = elementCountList[i];
  settings.exhaustedSuspension = isExhaustedSuspension;
  settings.validBit = validBit;
  settings.repeatTimes = repeatTime;
  ascendc_sim::MrgSortCall(dst, sortList, settings, ascendc_sim::MakeSite("MrgSort", location));
  if (!isExhaustedSuspension) return;
  const uint64_t merged = ascendc_sim::rt::MergedCountRegister();
  for (int i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) sortedNum[i] = uint32_t(merged >> (16 * i)) & 0xFFFFu;
}

inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                             uint16_t& mrgSortList4) {
  const uint64_t merged = ascendc_sim::rt::MergedCountRegister();
  mrgSortList1 = uint16_t(merged);
  mrgSortList2 = uint16_t(merged >> 16);
  mrgSortList3 = uint16_t(merged >> 32);
  mrgSortList4 = uint16_t(merged >> 48);
}

// Both count elements of T, not bytes as CANN's page says: CANN's code returns 8 / sizeof(T)
// elements per pair, the unit LocalTensor offsets take.
template <class T>
uint32_t GetSortLen(const uint32_t elemCount) {
  ASCENDC_SIM_CHECK_SORT_DTYPE("GetSortLen", T);
  return elemCount * uint32_t(8 / sizeof(T));
}
template <class T>
uint32_t GetSortOffset(const uint32_t elemOffset) {
  ASCENDC_SIM_CHECK_SORT_DTYPE("GetSortOffset", T);
  return elemOffset * uint32_t(8 / sizeof(T));
}

}  // namespace AscendC
