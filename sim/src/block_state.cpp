#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "launch_state.h"
#include "local_memory.h"

namespace ascendc_sim {
namespace {

// Sizes and alignments of Atlas A2 on-chip memories (see shared reference §1 and §8).
constexpr MemoryInfo kMemories[] = {
    {"UB", 196608, 32}, {"L1", 524288, 32}, {"L0A", 65536, 512}, {"L0B", 65536, 512},
    {"L0C", 131072, 64}, {"BT", 1024, 64},  {"FB", 2048, 64},
};

// Uninitialised on-chip bytes read as NaN in half and float (and -1 in integers), so a kernel that
// depends on them fails visibly: no document defines what L1, L0 or L0C hold before a write.
constexpr uint8_t kPoison = 0xff;

size_t TotalBytes() {
  size_t total = 0;
  for (const MemoryInfo& info : kMemories) total += info.bytes;
  return total;
}

// Finished blocks hand their storage to the next block instead of unmapping it: touching fresh
// pages is most of a launch's fixed cost. Pooled storage has zeroed shadows; every block poisons
// the UB anew, and each other memory when a TPipe first places a buffer there (PoisonOnFirstUse),
// so a vector-only block never touches the cube's memories.
std::vector<uint8_t*>& StoragePool() {
  static std::vector<uint8_t*> pool;
  return pool;
}

uint8_t* AcquireStorage() {
  if (!StoragePool().empty()) {
    uint8_t* storage = StoragePool().back();
    StoragePool().pop_back();
    return storage;
  }
  // calloc maps fresh zero pages for a block this size, so untouched memories cost nothing.
  auto* storage = static_cast<uint8_t*>(std::calloc(2 * TotalBytes() + 4096, 1));
  if (storage == nullptr) {
    std::fputs("akgen-sim: out of memory for a block's on-chip buffers\n", stderr);
    std::exit(1);
  }
  return storage;
}

}  // namespace

const MemoryInfo& Info(Memory memory) { return kMemories[size_t(memory)]; }

Memory MemoryOf(uint8_t position) {
  switch (AscendC::TPosition(position)) {
    case AscendC::TPosition::A1:
    case AscendC::TPosition::B1:
    case AscendC::TPosition::C1:
    case AscendC::TPosition::TSCM: return Memory::kL1;
    case AscendC::TPosition::A2: return Memory::kL0A;
    case AscendC::TPosition::B2: return Memory::kL0B;
    case AscendC::TPosition::CO1: return Memory::kL0C;
    case AscendC::TPosition::C2: return Memory::kBiasTable;
    case AscendC::TPosition::C2PIPE2GM: return Memory::kFixpipe;
    default: return Memory::kUnifiedBuffer;
  }
}

const char* PositionName(uint8_t position) {
  static const char* const kNames[] = {"GM",     "A1",     "A2",      "B1",  "B2",   "C1",        "C2",
                                       "CO1",    "CO2",    "VECIN",   "VECOUT", "VECCALC", "SPM", "TSCM",
                                       "C2PIPE2GM", "C2PIPE2LOCAL", "MAX"};
  return position < sizeof(kNames) / sizeof(kNames[0]) ? kNames[position] : "?";
}

BlockState::BlockState(int64_t blockIndex, const CostTable& costs, SyncMode mode, bool keepSegments)
    : index(blockIndex),
      storage(AcquireStorage()),
      dataCache(costs.dataCacheBytes, costs.dataCacheLineBytes),
      timeline(costs, mode, keepSegments) {
  uint8_t* cursor = storage + (4096 - reinterpret_cast<uintptr_t>(storage) % 4096) % 4096;
  for (size_t i = 0; i < size_t(Memory::kCount); ++i) {
    memoryBase[i] = cursor;
    cursor += kMemories[i].bytes;
  }
  for (size_t i = 0; i < size_t(Memory::kCount); ++i) {
    shadowBase[i] = cursor;
    cursor += kMemories[i].bytes;
  }
  std::memset(memoryBase[size_t(Memory::kUnifiedBuffer)], kPoison, Info(Memory::kUnifiedBuffer).bytes);
}

BlockState::~BlockState() {
  constexpr size_t kPooledStorages = 4;
  if (StoragePool().size() >= kPooledStorages) {
    std::free(storage);
    return;
  }
  memoryUsed[size_t(Memory::kUnifiedBuffer)] = true;
  for (size_t i = 0; i < size_t(Memory::kCount); ++i) {
    if (memoryUsed[i]) std::memset(shadowBase[i], 0, kMemories[i].bytes);  // the next block poisons the bytes
  }
  StoragePool().push_back(storage);
}

void PoisonOnFirstUse(BlockState& block, Memory memory) {
  if (block.memoryUsed[size_t(memory)]) return;
  block.memoryUsed[size_t(memory)] = true;
  if (memory != Memory::kUnifiedBuffer) std::memset(block.memoryBase[size_t(memory)], kPoison, Info(memory).bytes);
}

bool BlockState::Locate(const uint8_t* address, uint64_t bytes, Memory& memory, uint64_t& offset) const {
  // The memories lie back to back, so one's end is the next one's start: an address belongs to the
  // memory it is inside, and only an address inside none (the last one's end) to the one it ends.
  for (size_t i = 0; i < size_t(Memory::kCount); ++i) {
    if (address >= memoryBase[i] && address < memoryBase[i] + kMemories[i].bytes) {
      memory = Memory(i);
      offset = uint64_t(address - memoryBase[i]);
      return offset + bytes <= kMemories[i].bytes;
    }
  }
  for (size_t i = 0; i < size_t(Memory::kCount); ++i) {
    if (address == memoryBase[i] + kMemories[i].bytes) {
      memory = Memory(i);
      offset = uint64_t(address - memoryBase[i]);
      return offset + bytes <= kMemories[i].bytes;
    }
  }
  return false;
}

uint8_t* BlockState::Shadow(const uint8_t* address) {
  Memory memory;
  uint64_t offset;
  Locate(address, 0, memory, offset);
  return shadowBase[size_t(memory)] + offset;
}

}  // namespace ascendc_sim
