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
// vector cores, or both. Undeclared, a kernel with cube work runs one cube and two vector cores per
// block, and a kernel without runs one vector core per block. The last four values are the Atlas
// inference (310P) AI core's and vector core's; CANN ignores them on an A2, and so does the simulator.
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
namespace ascendc_sim {
// The NPU compiler reads a kernel's declared types from its preprocessed source, not from the code
// that runs. Each declaration odr-uses this variable, so the compiled object defines one symbol per
// declared type (kDeclaredKernelTypeSymbolPrefix + value), which the harness's builder reads.
template <uint8_t kType>
inline constexpr uint8_t kDeclaredKernelType = kType;
}  // namespace ascendc_sim
#define KERNEL_TASK_TYPE_DEFAULT(type)                                                       \
  ::ascendc_sim::rt::DeclareKernelType(::ascendc_sim::kDeclaredKernelType<::uint8_t(type)>, \
                                       ::ascendc_sim::MakeSite("KERNEL_TASK_TYPE_DEFAULT", std::source_location::current()))
#define KERNEL_TASK_TYPE(key, type)                                                                                  \
  do {                                                                                                                \
    if (::ascendc_sim::rt::TilingKey() == ::uint64_t(key)) {                                                          \
      ::ascendc_sim::rt::DeclareKernelType(::ascendc_sim::kDeclaredKernelType<::uint8_t(type)>,                       \
                                           ::ascendc_sim::MakeSite("KERNEL_TASK_TYPE", std::source_location::current())); \
    }                                                                                                                 \
  } while (0)
