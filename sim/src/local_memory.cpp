#include "local_memory.h"

#include <cstdio>
#include <cstring>
#include <string>

#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "launch_cost.h"

namespace ascendc_sim {

void CheckTensor(const LocalRef& ref, const uint8_t* address, uint64_t bytes, bool requireAlignment, const Site& site) {
  BlockState& block = CurrentBlock();
  if (ref.owner < 0 || size_t(ref.owner) >= block.slots.size()) {
    RaiseError("queue-misuse", site, "uses a LocalTensor that no TQue or TBuf handed out (default-constructed?)");
  }
  const BufferSlot& slot = block.slots[size_t(ref.owner)];
  if (slot.generation != ref.generation) {
    RaiseError("queue-misuse", site,
               Format("uses a %s tensor after FreeTensor, once its buffer was allocated again or the TPipe reset "
                      "(use after free)",
                      PositionName(ref.position)));
  }
  if (slot.state == BufferSlot::State::kFree) {
    // The NPU keeps the bytes until the queue's next AllocTensor hands the buffer out again, and
    // answers (RmsNorm) rely on that; the reuse itself is the error above.
    RaiseWarning("queue-misuse", site,
                 Format("uses a %s tensor after FreeTensor (use after free); the bytes stay until the queue's next "
                        "AllocTensor reuses the buffer",
                        PositionName(ref.position)),
                 true);
  }
  const uint8_t* slotStart = block.memoryBase[size_t(slot.memory)] + slot.offset;
  const MemoryInfo& slotMemory = Info(slot.memory);
  if (address >= slotStart && address + bytes <= ref.limit && slot.offset + (address - slotStart) + bytes > slotMemory.bytes) {
    const unsigned long long start = slot.offset + uint64_t(address - slotStart);
    RaiseError("ub-overflow", site,
               Format("accesses %s bytes [%llu, %llu), past the end of the %u-byte %s: the hardware faults here", slotMemory.name,
                      start, start + bytes, slotMemory.bytes, slotMemory.name),
               {Format("InitBuffer at %s:%u placed this %s buffer at [%u, %llu)", slot.placedAt.file, slot.placedAt.line,
                       PositionName(ref.position), slot.offset,
                       static_cast<unsigned long long>(uint64_t(slot.offset) + slot.bytes))});
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
  if (CurrentLaunchCost().TimingOnly()) return;  // nothing is computed, so nothing is initialised
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
  RecordScalarAccess(OnChipAccess(address, bytes, access == Access::kWrite), site);
  if (access == Access::kWrite) {
    MarkWritten(address, bytes);
    return;
  }
  LaunchCost& launch = CurrentLaunchCost();
  if (!launch.TimingOnly()) {
    CheckInitialized(address, bytes, site);
    return;
  }
  // Vector instructions and copies compute nothing in a timing-only run; only scalar writes do.
  const uint8_t* shadow = CurrentBlock().Shadow(address);
  for (uint64_t i = 0; i < bytes; ++i) {
    if (shadow[i] == 0) {
      launch.Note(Format("%s at %s:%u reads on-chip data a timing-only run did not compute; control flow that "
                         "depends on it may differ from a full run",
                         site.api, site.file, site.line));
      return;
    }
  }
}

void PrintLocal(const LocalRef& ref, DType type, uint32_t count, Site site) {
  const uint32_t elementBytes = DTypeBytes(type);
  CheckLocal(ref, 0, uint64_t(count) * elementBytes, Access::kRead, site);
  std::string text;
  WithType(type, [&]<class T>() {
    for (uint32_t i = 0; i < count; ++i) {
      const Wide<T> value = Load<T>(ref.address + uint64_t(i) * elementBytes);
      if constexpr (kIsFloating<T>) {
        text += Format("%g", double(value));
      } else {
        text += Format("%lld", static_cast<long long>(value));
      }
      text += (i % 16 == 15 || i + 1 == count) ? "\n" : " ";
    }
  });
  std::fputs(text.c_str(), stdout);
}

int32_t WriteLocalToFile(const LocalRef& ref, const char* fileName, Site site) {
  CheckLocal(ref, 0, ref.bytes, Access::kRead, site);
  std::FILE* file = std::fopen(fileName, "wb");
  if (file == nullptr) return -1;
  const size_t written = std::fwrite(ref.address, 1, ref.bytes, file);
  std::fclose(file);
  return written == ref.bytes ? 0 : -1;
}

}  // namespace rt
}  // namespace ascendc_sim
