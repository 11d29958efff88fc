#include "local_memory.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "launch_cost.h"

namespace ascendc_sim {
namespace {

// One note per buffer of the block's live pipes holding bytes of [begin, end) in `own`'s memory:
// the NPU touches them whatever their state.
std::vector<std::string> BuffersHolding(const BufferSlot& own, uint64_t begin, uint64_t end) {
  const BlockState& block = CurrentBlock();
  std::vector<std::string> notes;
  for (const PipeState& pipe : block.pipes) {
    if (!pipe.alive) continue;
    for (int32_t index : pipe.slots) {
      const BufferSlot& other = block.slots[size_t(index)];
      const uint64_t otherEnd = uint64_t(other.offset) + other.bytes;
      if (&other == &own || other.memory != own.memory || otherEnd <= begin || other.offset >= end) continue;
      notes.push_back(
          Format("%s bytes [%llu, %llu) belong to the buffer InitBuffer at %s:%u placed at [%u, %llu), "
                 "which is %s",
                 Info(own.memory).name, static_cast<unsigned long long>(std::max<uint64_t>(begin, other.offset)),
                 static_cast<unsigned long long>(std::min(end, otherEnd)), other.placedAt.file, other.placedAt.line,
                 other.offset, static_cast<unsigned long long>(otherEnd), StateName(other.state)));
    }
  }
  return notes;
}

// The NPU addresses the memory, not the buffer, so an access running past its buffer's end reads
// or writes the bytes that follow (CrossEntropyLossGrad's 0-byte buffer); the caller performs it
// on the flat memory, and this reports it. `start` is the access's offset in the memory.
void WarnPastBuffer(const BufferSlot& slot, uint8_t position, uint64_t start, uint64_t bytes, const char* operand,
                    const Site& site) {
  const MemoryInfo& info = Info(slot.memory);
  const uint64_t slotEnd = uint64_t(slot.offset) + slot.bytes;
  const uint64_t strayBegin = std::max(start, slotEnd);
  const uint64_t end = start + bytes;
  RaiseWarning("ub-out-of-bounds", site,
               Format("%s%saccesses bytes [%llu, %llu) of a %u-byte %s buffer (InitBuffer at %s:%u placed it at [%u, "
                      "%llu)); as on the NPU it reaches %s bytes [%llu, %llu) past the buffer's end",
                      operand != nullptr ? operand : "", operand != nullptr ? " " : "",
                      static_cast<unsigned long long>(start - slot.offset),
                      static_cast<unsigned long long>(end - slot.offset), slot.bytes, PositionName(position),
                      slot.placedAt.file, slot.placedAt.line, slot.offset, static_cast<unsigned long long>(slotEnd),
                      info.name, static_cast<unsigned long long>(strayBegin), static_cast<unsigned long long>(end)),
               true, BuffersHolding(slot, strayBegin, end));
}

}  // namespace

void CheckTensor(const LocalRef& ref, const uint8_t* address, uint64_t bytes, bool requireAlignment, const Site& site,
                 const char* operand) {
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
  const MemoryInfo& info = Info(slot.memory);
  const uint8_t* memoryStart = block.memoryBase[size_t(slot.memory)];
  // Views only move forward from their buffer's start (offsets are unsigned), so an access lies
  // at or past it; the NPU faults only when it leaves the memory.
  const uint64_t start = uint64_t(address - memoryStart);
  if (start + bytes > info.bytes) {
    RaiseError("ub-overflow", site,
               Format("accesses %s bytes [%llu, %llu), past the end of the %u-byte %s: the hardware faults here",
                      info.name, static_cast<unsigned long long>(start), static_cast<unsigned long long>(start + bytes),
                      info.bytes, info.name),
               {Format("InitBuffer at %s:%u placed this %s buffer at [%u, %llu)", slot.placedAt.file,
                       slot.placedAt.line, PositionName(ref.position), slot.offset,
                       static_cast<unsigned long long>(uint64_t(slot.offset) + slot.bytes))});
  }
  if (requireAlignment && start % info.alignment != 0) {
    RaiseError("misaligned-address", site,
               Format("%s address 0x%llx is not %u-byte aligned (offset %llu bytes into the buffer); use an "
                      "operator[] offset that is a multiple of %u bytes",
                      info.name, static_cast<unsigned long long>(start), info.alignment,
                      static_cast<unsigned long long>(start - slot.offset), info.alignment));
  }
  if (address + bytes > ref.limit) WarnPastBuffer(slot, ref.position, start, bytes, operand, site);
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

void LoadLocal(const LocalRef& ref, uint64_t byteOffset, void* value, uint64_t bytes, Site site) {
  CheckLocal(ref, byteOffset, bytes, Access::kRead, site);
  std::memcpy(value, ref.address + byteOffset, bytes);
}

void StoreLocal(const LocalRef& ref, uint64_t byteOffset, const void* value, uint64_t bytes, Site site) {
  CheckLocal(ref, byteOffset, bytes, Access::kWrite, site);
  std::memcpy(ref.address + byteOffset, value, bytes);
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
