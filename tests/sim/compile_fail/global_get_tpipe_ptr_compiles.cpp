// EXPECT-COMPILES
// CANN declares GetTPipePtr at global scope: kernels without `using namespace AscendC` call it
// unqualified.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void sync_custom(GM_ADDR x) {
  AscendC::TPipe pipe;
  event_t eventId = static_cast<event_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S));
  AscendC::SetFlag<AscendC::HardEvent::V_S>(eventId);
  AscendC::WaitFlag<AscendC::HardEvent::V_S>(eventId);
  (void)x;
}
