#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "launch_state.h"

namespace ascendc_sim {
namespace {

// Sizes and alignments of Atlas A2 on-chip memories (see shared reference §1 and §8).
constexpr MemoryInfo kMemories[] = {
    {"UB", 196608, 32}, {"L1", 524288, 32}, {"L0A", 65536, 512}, {"L0B", 65536, 512},
    {"L0C", 131072, 64}, {"BT", 1024, 64},  {"FB", 2048, 64},
};

// Uninitialised UB bytes read as NaN in half and float, so a kernel that depends on them fails
// visibly. The other memories start zeroed: the cube path is not simulated yet.
constexpr uint8_t kPoison = 0xff;

size_t TotalBytes() {
  size_t total = 0;
  for (const MemoryInfo& info : kMemories) total += info.bytes;
  return total;
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

BlockState::BlockState(int64_t blockIndex) : index(blockIndex) {
  const size_t total = TotalBytes();
  // calloc maps fresh zero pages for a block this size, so the shadow starts "never written" for
  // free and untouched memories cost nothing.
  storage.reset(static_cast<uint8_t*>(std::calloc(2 * total + 4096, 1)));
  if (!storage) {
    std::fputs("akgen-sim: out of memory for a block's on-chip buffers\n", stderr);
    std::exit(1);
  }
  uint8_t* cursor = storage.get() + (4096 - reinterpret_cast<uintptr_t>(storage.get()) % 4096) % 4096;
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

void BlockState::FreeStorage::operator()(uint8_t* storage) const { std::free(storage); }

bool BlockState::Locate(const uint8_t* address, uint64_t bytes, Memory& memory, uint64_t& offset) const {
  for (size_t i = 0; i < size_t(Memory::kCount); ++i) {
    if (address >= memoryBase[i] && address <= memoryBase[i] + kMemories[i].bytes) {
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
