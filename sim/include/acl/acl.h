// A minimal stand-in for CANN's acl/acl.h. Host helpers of real samples (data_utils.h) include it
// unconditionally, so it must exist for a CPU-debug build to compile. Only the error type and the
// fp16 helpers exist: the device runtime API (aclInit, aclrtMalloc, streams, ...) is NOT simulated;
// on the simulator kernels run through ICPU_RUN_KF on memory from AscendC::GmAlloc.
#pragma once
#include <cstdint>

#include "ascendc_sim/scalar_types.h"

using aclError = int;
constexpr aclError ACL_SUCCESS = 0;
constexpr aclError ACL_ERROR_NONE = 0;

using aclFloat16 = uint16_t;
inline float aclFloat16ToFloat(aclFloat16 value) { return ascendc_sim::HalfBitsToFloat(value); }
inline aclFloat16 aclFloatToFloat16(float value) { return ascendc_sim::FloatToHalfBits(value); }
