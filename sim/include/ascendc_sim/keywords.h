// Kernel keywords and launch-type markers. In a CPU build the NPU address-space and function
// qualifiers carry no meaning, exactly as in CANN's CPU-debug mode, so they expand to nothing.
#pragma once
#include <cstddef>
#include <cstdint>

#define __global__
#define __aicore__
#define __gm__
#define __ubuf__
#define __host__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __forceinline__ inline

#define GM_ADDR __gm__ ::uint8_t*

// Kernel task types select the cores of each block (rt::DeclareKernelType): a cube core, one or two
// vector cores, or both. Undeclared, a kernel with cube code runs one cube and two vector cores per
// block, and a kernel without runs one vector core per block.
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_AICORE,
  KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE,
};
#define KERNEL_TASK_TYPE_DEFAULT(type)                 \
  ::ascendc_sim::rt::DeclareKernelType(::uint8_t(type), \
                                       ::ascendc_sim::MakeSite("KERNEL_TASK_TYPE_DEFAULT", std::source_location::current()))
#define KERNEL_TASK_TYPE(key, type)                                                                                  \
  do {                                                                                                                \
    if (::ascendc_sim::rt::TilingKey() == ::uint64_t(key)) {                                                          \
      ::ascendc_sim::rt::DeclareKernelType(::uint8_t(type),                                                           \
                                           ::ascendc_sim::MakeSite("KERNEL_TASK_TYPE", std::source_location::current())); \
    }                                                                                                                 \
  } while (0)
