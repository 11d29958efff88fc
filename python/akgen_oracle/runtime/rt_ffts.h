// CANN's runtime/rt_ffts.h as task bindings see it. Bindings of mixed cube/vector kernels include
// it for rtGetC2cCtrlAddr, the address of the cross-core synchronisation registers that older
// kernels take as an argument. The simulator synchronises its cores itself: the address is 0.
#pragma once
#include <cstdint>

inline int32_t rtGetC2cCtrlAddr(uint64_t* address, uint32_t* length) {
  *address = 0;
  *length = 0;
  return 0;
}
