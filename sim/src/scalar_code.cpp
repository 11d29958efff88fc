#include "scalar_code.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "instruction_record.h"
#include "launch_state.h"

namespace ascendc_sim {
namespace {

uint64_t gBasicBlocks = 0;
bool gInKernel = false;
uintptr_t gStackBegin = 0;
uintptr_t gStackBytes = 0;

// Where a hazard report names a pointer access: the instrumentation knows the address, not the line.
constexpr Site kLoadSite{"kernel code", 0, "a load through a pointer"};
constexpr Site kStoreSite{"kernel code", 0, "a store through a pointer"};

void ChargeAccess(const void* address, uint64_t bytes, bool write) {
  const auto at = reinterpret_cast<uintptr_t>(address);
  if (!gInKernel || at - gStackBegin < gStackBytes) return;
  const auto* pointer = static_cast<const uint8_t*>(address);
  const Site& site = write ? kStoreSite : kLoadSite;
  Memory memory;
  uint64_t offset = 0;
  if (CurrentBlock().Locate(pointer, bytes, memory, offset)) {
    RecordScalarAccess({uint8_t(memory), offset, offset + bytes, write}, site);
  } else if (rt::GmResolve(pointer).regionBegin != nullptr) {
    RecordScalarAccess(GlobalAccess(pointer, bytes, write), site);
  }
}

// A copy or fill by scalar code moves at most 8 bytes per load or store.
void ChargeRange(const void* address, uint64_t bytes, bool write) {
  const auto* pointer = static_cast<const uint8_t*>(address);
  for (uint64_t done = 0; done < bytes; done += 8)
    ChargeAccess(pointer + done, std::min<uint64_t>(8, bytes - done), write);
}

void ChargeCopy(void* destination, const void* source, uint64_t bytes) {
  ChargeRange(source, bytes, false);
  ChargeRange(destination, bytes, true);
}

}  // namespace

void EnterKernelCode(const void* stack, size_t stackBytes) {
  gInKernel = true;
  gStackBegin = reinterpret_cast<uintptr_t>(stack);
  gStackBytes = stackBytes;
  gBasicBlocks = 0;
}

void LeaveKernelCode() { gInKernel = false; }

uint64_t TakeKernelBasicBlocks() { return std::exchange(gBasicBlocks, 0); }

}  // namespace ascendc_sim

// The instrumentation's entry points (their names are GCC's).
extern "C" {

void __sanitizer_cov_trace_pc() { ++ascendc_sim::gBasicBlocks; }
void __asan_handle_no_return() {}
// Around an instrumented file's static initialisers: a kernel has none (device_code.h), an
// instrumented test file does.
void __asan_before_dynamic_init(const char*) {}
void __asan_after_dynamic_init() {}

#define ASCENDC_SIM_SCALAR_ACCESS(bytes)                                                                 \
  void __asan_load##bytes##_noabort(void* address) { ascendc_sim::ChargeAccess(address, bytes, false); } \
  void __asan_store##bytes##_noabort(void* address) { ascendc_sim::ChargeAccess(address, bytes, true); }
ASCENDC_SIM_SCALAR_ACCESS(1)
ASCENDC_SIM_SCALAR_ACCESS(2)
ASCENDC_SIM_SCALAR_ACCESS(4)
ASCENDC_SIM_SCALAR_ACCESS(8)
ASCENDC_SIM_SCALAR_ACCESS(16)
#undef ASCENDC_SIM_SCALAR_ACCESS

void __asan_loadN_noabort(void* address, size_t bytes) { ascendc_sim::ChargeRange(address, bytes, false); }
void __asan_storeN_noabort(void* address, size_t bytes) { ascendc_sim::ChargeRange(address, bytes, true); }

// The kernel objects' memcpy/memmove/memset, renamed by the builder (bench/builder/device_code.h).
void* akgen_kernel_memcpy(void* destination, const void* source, size_t bytes) {
  ascendc_sim::ChargeCopy(destination, source, bytes);
  return std::memcpy(destination, source, bytes);
}

void* akgen_kernel_memmove(void* destination, const void* source, size_t bytes) {
  ascendc_sim::ChargeCopy(destination, source, bytes);
  return std::memmove(destination, source, bytes);
}

void* akgen_kernel_memset(void* destination, int value, size_t bytes) {
  ascendc_sim::ChargeRange(destination, bytes, true);
  return std::memset(destination, value, bytes);
}

}  // extern "C"
