// PopStackBuffer: the UB no buffer of the current TPipe holds (from the end of its allocations to
// the 64 bytes A2 reserves at the end of UB), as a tensor at position `kPos`. CANN's high-level APIs
// take their temporary space there when no sharedTmpBuffer is given; kernels may too.
#pragma once
#include "ascendc_sim/tpipe.h"

namespace AscendC {

template <class T, TPosition kPos>
bool PopStackBuffer(LocalTensor<T>& popLocal, const std::source_location location = std::source_location::current()) {
  const TPipe* pipe = ::GetTPipePtr();
  ascendc_sim::LocalRef ref = ascendc_sim::rt::PipeStackBuffer(pipe != nullptr ? pipe->SimHandle() : -1, uint8_t(kPos),
                                                               ascendc_sim::MakeSite("PopStackBuffer", location));
  ref.bytes = ref.bytes / sizeof(T) * sizeof(T);
  popLocal = LocalTensor<T>(ref);
  return true;
}

}  // namespace AscendC
