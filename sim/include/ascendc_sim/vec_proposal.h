// The region-proposal instructions (8-element proposals with the score in slot 4): RpSort16,
// MrgSort4, ProposalConcat and ProposalExtract. CANN declares them for every SoC, but only the
// Atlas training (910) and Atlas inference (310P) AI cores run them: for Atlas A2/A3 (dav-c220)
// CANN's implementation emits no instruction on the NPU and aborts in its CPU-debug build. The
// simulator reports them as unsupported at the call.
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_sort.h"

namespace ascendc_sim::rt {
// Reports `site.api` as absent on the simulated SoC, with the A2 way to do the same work.
[[noreturn]] void RegionProposalUnsupported(Site site);
}  // namespace ascendc_sim::rt

#define ASCENDC_SIM_REGION_PROPOSAL_CALL(api, T) \
  ASCENDC_SIM_CHECK_DTYPE(api, T, half, float);  \
  ascendc_sim::rt::RegionProposalUnsupported(ascendc_sim::MakeSite(api, location))

namespace AscendC {

template <class T>
void RpSort16(const LocalTensor<T>& /*dst*/, const LocalTensor<T>& /*src*/, const int32_t /*repeatTime*/,
              const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_REGION_PROPOSAL_CALL("RpSort16", T);
}

template <class T>
void MrgSort4(const LocalTensor<T>& /*dst*/, const MrgSortSrcList<T>& /*src*/, const MrgSort4Info& /*params*/,
              const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_REGION_PROPOSAL_CALL("MrgSort4", T);
}

template <class T>
void ProposalConcat(const LocalTensor<T>& /*dst*/, const LocalTensor<T>& /*src*/, const int32_t /*repeatTime*/,
                    const int32_t /*modeNumber*/,
                    const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_REGION_PROPOSAL_CALL("ProposalConcat", T);
}

template <class T>
void ProposalExtract(const LocalTensor<T>& /*dst*/, const LocalTensor<T>& /*src*/, const int32_t /*repeatTime*/,
                     const int32_t /*modeNumber*/,
                     const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_REGION_PROPOSAL_CALL("ProposalExtract", T);
}

}  // namespace AscendC

#undef ASCENDC_SIM_REGION_PROPOSAL_CALL
