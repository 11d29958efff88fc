#include "local_memory.h"

#include <cstring>

#include "diagnostics.h"

namespace ascendc_sim {

void CheckTensor(const LocalRef& ref, const uint8_t* address, uint64_t bytes, bool requireAlignment, const Site& site) {
  BlockState& block = CurrentBlock();
  if (ref.owner < 0 || size_t(ref.owner) >= block.slots.size()) {
    RaiseError("queue-misuse", site, "uses a LocalTensor that no TQue or TBuf handed out (default-constructed?)");
  }
  const BufferSlot& slot = block.slots[size_t(ref.owner)];
  if (slot.generation != ref.generation || slot.state == BufferSlot::State::kFree) {
    RaiseError("queue-misuse", site,
               Format("uses a %s tensor after FreeTensor or TPipe::Reset (use after free)",
                      PositionName(ref.position)));
  }
  Memory memory;
  uint64_t offset = 0;
  if (!block.Locate(address, 0, memory, offset)) RaiseError("ub-out-of-bounds", site, "tensor address is outside on-chip memory");
  const MemoryInfo& info = Info(memory);
  if (requireAlignment && offset % info.alignment != 0) {
    RaiseError("misaligned-address", site,
               Format("%s address 0x%llx is not %u-byte aligned (offset %llu bytes into the buffer); use an "
                      "operator[] offset that is a multiple of %u bytes",
                      info.name, static_cast<unsigned long long>(offset), info.alignment,
                      static_cast<unsigned long long>(address - (block.memoryBase[size_t(memory)] + slot.offset)),
                      info.alignment));
  }
  if (address < block.memoryBase[size_t(memory)] + slot.offset || address + bytes > ref.limit) {
    const long long start = static_cast<long long>(address - (block.memoryBase[size_t(memory)] + slot.offset));
    RaiseError("ub-out-of-bounds", site,
               Format("accesses bytes [%lld, %lld) of a %u-byte %s buffer", start, start + static_cast<long long>(bytes),
                      slot.bytes, PositionName(ref.position)));
  }
}

void MarkWritten(const uint8_t* address, uint64_t bytes) {
  std::memset(CurrentBlock().Shadow(address), 1, bytes);
}

void CheckInitialized(const uint8_t* address, uint64_t bytes, const Site& site) {
  const uint8_t* shadow = CurrentBlock().Shadow(address);
  for (uint64_t i = 0; i < bytes; ++i) {
    if (shadow[i] == 0) {
      RaiseWarning("uninitialized-read", site,
                   Format("reads on-chip bytes that nothing wrote (first at byte %llu of a %llu-byte read)",
                          static_cast<unsigned long long>(i), static_cast<unsigned long long>(bytes)));
      return;
    }
  }
}

namespace rt {

void CheckLocal(const LocalRef& ref, uint64_t byteOffset, uint64_t bytes, Access access, Site site) {
  const uint8_t* address = ref.address + byteOffset;
  CheckTensor(ref, address, bytes, false, site);
  if (access == Access::kWrite) {
    MarkWritten(address, bytes);
  } else {
    CheckInitialized(address, bytes, site);
  }
}

}  // namespace rt
}  // namespace ascendc_sim
