// Linked into every direct-launch binding: from the moment the module loads, each CPU tensor of the
// process is allocated in the simulator's global memory (GmAlloc). A binding passes tensors'
// data_ptr() to its `<<<>>>` launches as NPU addresses; allocated here they are GM regions the
// simulator knows, so a kernel reaching past a tensor's end is reported against that tensor, as
// the NPU's memory checks would, instead of silently touching the Python heap. Fresh memory holds
// 0xFF bytes (NaN, -1), not the zeros of new pages: an output the kernel never writes (`empty_like`)
// holds garbage, as on the NPU, and cannot pass where the golden value is zero.
#include <c10/core/CPUAllocator.h>

#include <cstring>
#include <mutex>

#include "ascendc_sim/runtime.h"

namespace {

// torch allocates from its worker threads too; the simulator's region table is not shared-safe.
std::mutex& RegionTableMutex() {
  static std::mutex mutex;
  return mutex;
}

void FreeGlobalMemory(void* pointer) {
  if (pointer == nullptr) return;
  std::lock_guard lock(RegionTableMutex());
  ascendc_sim::rt::GmFree(pointer);
}

class GlobalMemoryAllocator final : public c10::Allocator {
 public:
  c10::DataPtr allocate(size_t bytes) const override {
    void* pointer = nullptr;
    if (bytes != 0) {
      std::lock_guard lock(RegionTableMutex());
      pointer = ascendc_sim::rt::GmAlloc(bytes);
    }
    if (pointer != nullptr) std::memset(pointer, 0xFF, bytes);
    return {pointer, pointer, &FreeGlobalMemory, c10::Device(c10::DeviceType::CPU)};
  }
  c10::DeleterFnPtr raw_deleter() const override { return &FreeGlobalMemory; }
};

GlobalMemoryAllocator globalMemoryAllocator;
// Above the default allocator's priority, so torch's own later registration cannot replace it.
[[maybe_unused]] const bool installed = (c10::SetCPUAllocator(&globalMemoryAllocator, 100), true);

}  // namespace
