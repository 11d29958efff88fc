// Global memory: regions from GmAlloc (or registered by a host program) and bounds checks.
#include "global_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "diagnostics.h"
#include "instruction_record.h"
#include "launch_state.h"
#include "scalar_code.h"
#include "simulator.h"

namespace ascendc_sim {
namespace {

struct Region {
  size_t bytes;
  size_t reachable;  // bytes plus what the kernel may still reach past them (a segment's rest)
  size_t reserved;   // reachable plus the guard after it; addresses up to here still belong to this region
  bool owned;
  uint64_t device;   // where the region starts for the cost model (DeviceAddress)
};

// Every GmAlloc region is followed by at least one inaccessible guard page, so no other region
// starts right where it ends: an address computed from a wrong offset past the end is still
// attributed to (and reported against) the buffer it came from.
size_t ReservedBytes(size_t bytes) {
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page + page;
}

std::map<const uint8_t*, Region>& Regions() {
  static std::map<const uint8_t*, Region> regions;
  return regions;
}

// The cost model's addresses. mmap places regions where ASLR says, and which slot of the direct-
// mapped data cache a line takes depends on address bits above the page: with host addresses the
// same launch cost a few cycles more or less from run to run. The model instead lays the regions
// out one after another, in allocation order, from a fixed base, each on a page and followed by a
// free page, and puts the kernel's own global variables at a base of their own.
constexpr uint64_t kFirstRegionDevice = uint64_t(1) << 40;
constexpr uint64_t kKernelDataDevice = uint64_t(1) << 39;

uint64_t TakeDeviceRange(size_t reserved) {
  static uint64_t next = kFirstRegionDevice;
  const uint64_t start = next;
  next += ReservedBytes(reserved);
  return start;
}

// The region an address belongs to (its guard included), with its start; null when none does.
const std::pair<const uint8_t* const, Region>* RegionHolding(const uint8_t* address) {
  const auto& regions = Regions();
  auto after = regions.upper_bound(address);
  if (after == regions.begin()) return nullptr;
  const auto& held = *std::prev(after);
  return address <= held.first + held.second.reserved ? &held : nullptr;
}

}  // namespace

void RegisterGlobalMemory(void* pointer, size_t bytes) {
  Regions()[static_cast<uint8_t*>(pointer)] = {bytes, bytes, bytes, false, TakeDeviceRange(bytes)};
}

void UnregisterGlobalMemory(void* pointer) { Regions().erase(static_cast<uint8_t*>(pointer)); }

uint64_t DeviceAddress(const uint8_t* address) {
  if (const auto* held = RegionHolding(address)) return held->second.device + uint64_t(address - held->first);
  if (const auto offset = KernelDataOffset(reinterpret_cast<uintptr_t>(address), 0))
    return kKernelDataDevice + *offset;
  return uint64_t(reinterpret_cast<uintptr_t>(address));
}

namespace rt {

void* GmAllocInSegment(size_t bytes, size_t segmentBytes) {
  const size_t reachable = std::max(bytes, segmentBytes);
  const size_t reserved = ReservedBytes(reachable);
  void* pointer = mmap(nullptr, reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (pointer == MAP_FAILED || mprotect(pointer, reserved - ReservedBytes(0), PROT_READ | PROT_WRITE) != 0) {
    std::fprintf(stderr, "akgen-sim: GmAlloc(%zu) failed: out of memory\n", reachable);
    std::exit(1);
  }
  Regions()[static_cast<uint8_t*>(pointer)] = {bytes, reachable, reserved, true, TakeDeviceRange(reserved)};
  return pointer;
}

void* GmAlloc(size_t bytes) { return GmAllocInSegment(bytes, bytes); }

void GmFree(void* pointer) {
  auto found = Regions().find(static_cast<uint8_t*>(pointer));
  if (found == Regions().end() || !found->second.owned) {
    std::fprintf(stderr, "akgen-sim: GmFree(%p) of memory that GmAlloc did not return\n", pointer);
    std::exit(1);
  }
  munmap(pointer, found->second.reserved);
  Regions().erase(found);
}

GlobalRef GmResolve(const void* pointer) {
  GlobalRef ref;
  ref.address = static_cast<uint8_t*>(const_cast<void*>(pointer));
  if (const auto* held = RegionHolding(ref.address)) {
    const auto& [begin, region] = *held;
    ref.regionBegin = begin;
    ref.regionEnd = begin + region.bytes;
    ref.reachableEnd = begin + region.reachable;
  }
  return ref;
}

}  // namespace rt

void CheckGlobalBounds(const GlobalRef& ref, uint64_t bytes, Access access, const Site& site) {
  const char* verb = access == Access::kRead ? "reads" : "writes";
  if (ref.regionBegin == nullptr) {
    RaiseError("gm-out-of-bounds", site,
               Format("%s %llu bytes at %p, which is not inside any global memory from GmAlloc", verb,
                      static_cast<unsigned long long>(bytes), static_cast<const void*>(ref.address)));
  }
  if (ref.address >= ref.regionBegin && ref.address + bytes <= ref.regionEnd) return;
  const long long offset = static_cast<long long>(ref.address - ref.regionBegin);
  const auto size = static_cast<unsigned long long>(ref.regionEnd - ref.regionBegin);
  const std::string where = Format(
      "%s %llu bytes at byte offset %lld of a %llu-byte global buffer (bytes [%lld, %lld) lie "
      "outside [0, %llu))",
      verb, static_cast<unsigned long long>(bytes), offset, size, offset, offset + static_cast<long long>(bytes), size);
  // Past the buffer but inside its allocator segment: the NPU has no per-tensor protection, so the
  // access reaches free memory or a tensor allocated later, and does not fault.
  if (ref.address >= ref.regionBegin && ref.address + bytes <= ref.reachableEnd) {
    const long long strayBegin = std::max(offset, static_cast<long long>(size));
    RaiseWarning("gm-out-of-bounds", site,
                 where + Format("; as on the NPU the access is performed: bytes [%lld, %lld) lie in the rest of the "
                                "buffer's allocator segment, which holds no other tensor of this launch",
                                strayBegin, offset + static_cast<long long>(bytes)),
                 true);
    return;
  }
  RaiseError("gm-out-of-bounds", site, where);
}

namespace rt {

void CheckGlobal(const GlobalRef& ref, uint64_t bytes, Access access, Site site) {
  CheckGlobalBounds(ref, bytes, access, site);
  RecordScalarAccess(GlobalAccess(ref.address, bytes, access == Access::kWrite), site);
}

void LoadGlobal(const GlobalRef& ref, void* value, uint64_t bytes, Site site) {
  CheckGlobal(ref, bytes, Access::kRead, site);
  std::memcpy(value, ref.address, bytes);
}

void StoreGlobal(const GlobalRef& ref, const void* value, uint64_t bytes, Site site) {
  CheckGlobal(ref, bytes, Access::kWrite, site);
  std::memcpy(ref.address, value, bytes);
}

void FillGlobal(const GlobalRef& ref, uint64_t count, uint64_t valueBits, uint32_t elementBytes, Site site) {
  CheckGlobalBounds(ref, count * elementBytes, Access::kWrite, site);
  RecordGlobalFill(ref, count * elementBytes, site);
  for (uint64_t i = 0; i < count; ++i) std::memcpy(ref.address + i * elementBytes, &valueBits, elementBytes);
}

void CheckKernelArgument(const void* pointer, int index, Site site) {
  if (pointer == nullptr) return;
  if (GmResolve(pointer).regionBegin == nullptr) {
    std::fprintf(stderr,
                 "%s:%u: error: [gm-out-of-bounds] argument %d of %s (%p) is not global memory from "
                 "AscendC::GmAlloc\n",
                 site.file, site.line, index + 1, site.api, pointer);
    std::exit(1);
  }
}

}  // namespace rt
}  // namespace ascendc_sim
