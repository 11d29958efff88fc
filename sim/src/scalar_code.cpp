#include "scalar_code.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "diagnostics.h"
#include "instruction_record.h"
#include "launch_state.h"

namespace ascendc_sim {
namespace {

uint64_t gBasicBlocks = 0;
bool gInKernel = false;
bool gStoresConfined = false;
uintptr_t gStackBegin = 0;
uintptr_t gStackBytes = 0;

// Where a hazard report names a pointer access: the instrumentation knows the address, not the line.
constexpr Site kLoadSite{"kernel code", 0, "a load through a pointer"};
constexpr Site kStoreSite{"kernel code", 0, "a store through a pointer"};

// The launch program's kernel data sections (kKernelDataSections); the linker defines these
// symbols where the sections exist, and elsewhere they stay null.
extern "C" {
extern char __start_akgen_kernel_data[] __attribute__((weak));
extern char __stop_akgen_kernel_data[] __attribute__((weak));
extern char __start_akgen_kernel_bss[] __attribute__((weak));
extern char __stop_akgen_kernel_bss[] __attribute__((weak));
}

void ChargeAccess(const void* address, uint64_t bytes, bool write) {
  const auto at = reinterpret_cast<uintptr_t>(address);
  if (!gInKernel || at - gStackBegin < gStackBytes) return;
  const auto* pointer = static_cast<const uint8_t*>(address);
  const Site& site = write ? kStoreSite : kLoadSite;
  Memory memory;
  uint64_t offset = 0;
  if (CurrentBlock().Locate(pointer, bytes, memory, offset)) {
    RecordScalarAccess({uint8_t(memory), offset, offset + bytes, write}, site);
  } else if (rt::GmResolve(pointer).regionBegin != nullptr || KernelDataOffset(at, bytes)) {
    RecordScalarAccess(GlobalAccess(pointer, bytes, write), site);
  } else if (write && gStoresConfined) {
    ReportError("wild-pointer", site,
                "a store through a pointer reaches memory the kernel does not own (not its stack, an on-chip "
                "buffer, GM or its own global variables); on an AI core the address does not exist");
    AbandonRunningBlock();
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

bool InKernelCode() { return gInKernel; }

std::optional<uint64_t> KernelDataOffset(uintptr_t at, uint64_t bytes) {
  uint64_t before = 0;  // bytes of the sections ahead of this one
  using Section = std::pair<const char*, const char*>;
  for (const auto& [begin, end] : {Section(__start_akgen_kernel_data, __stop_akgen_kernel_data),
                                   Section(__start_akgen_kernel_bss, __stop_akgen_kernel_bss)}) {
    if (begin == nullptr) continue;
    const auto first = reinterpret_cast<uintptr_t>(begin), last = reinterpret_cast<uintptr_t>(end);
    if (at >= first && at + bytes <= last) return before + (at - first);
    before += last - first;
  }
  return std::nullopt;
}

void ConfineKernelStores() { gStoresConfined = true; }

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
