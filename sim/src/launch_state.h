// The state of the running launch and of each simulated block (AI vector core).
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "ascendc_sim/enums.h"
#include "ascendc_sim/runtime.h"
#include "data_cache.h"
#include "pipe_timeline.h"

namespace ascendc_sim {

// Physical on-chip memories of one Atlas A2 vector/cube core pair, with their sizes and alignment.
enum class Memory : uint8_t { kUnifiedBuffer, kL1, kL0A, kL0B, kL0C, kBiasTable, kFixpipe, kCount };
struct MemoryInfo {
  const char* name;
  uint32_t bytes;
  uint32_t alignment;
};
const MemoryInfo& Info(Memory memory);
Memory MemoryOf(uint8_t position);
const char* PositionName(uint8_t position);

// One buffer handed out by a TQue or TBuf; `generation` changes when it is freed or the pipe resets.
struct BufferSlot {
  enum class State : uint8_t { kFree, kAllocated, kQueued, kDequeued, kScratch };
  Memory memory = Memory::kUnifiedBuffer;
  uint32_t offset = 0;
  uint32_t bytes = 0;
  Site placedAt{};  // the InitBuffer call, named when an access runs past the end of the memory
  uint32_t generation = 1;
  State state = State::kFree;
  int32_t queue = -1;
  Handoff filled;   // EnQue → DeQue
  Handoff emptied;  // FreeTensor → AllocTensor
};

// How diagnostics describe a buffer's state: "free", "enqueued", "a TBuf"...
const char* StateName(BufferSlot::State state);

struct QueueState {
  int32_t pipe = -1;
  uint8_t position = 0;
  HwPipe producer = HwPipe::kMte2;  // the pipe that fills its buffers (EnQue), from its positions
  HwPipe consumer = HwPipe::kVector;  // the pipe that drains them (DeQue)
  int32_t depth = 1;
  std::vector<int32_t> slots;
  size_t nextSlot = 0;  // AllocTensor hands out the buffers in turn, as a ring
  std::deque<int32_t> queued;
  Site initSite{};
};

struct Allocation {
  std::string owner;
  uint8_t position;
  uint32_t offset;
  uint32_t bytes;
  Site site;
};

struct PipeState {
  bool alive = true;
  uint32_t used[size_t(Memory::kCount)] = {};
  std::vector<Allocation> allocations;
  std::vector<int32_t> queues;
  std::vector<int32_t> slots;  // every buffer this pipe placed, queue-owned or TBuf
  int32_t stackSlot = -1;      // PopStackBuffer's view, while the pipe's allocations leave it in place
  uint32_t eventIdsInUse[64] = {};
};

struct MaskRegister {
  bool counterMode = false;
  uint64_t bits[2] = {~uint64_t(0), ~uint64_t(0)};
};

struct BlockState {
  int64_t index = 0;
  uint8_t* storage = nullptr;  // all on-chip memories, then their initialisation shadow (pooled)
  bool memoryUsed[size_t(Memory::kCount)] = {};  // memories a TPipe placed buffers in
  uint8_t* memoryBase[size_t(Memory::kCount)] = {};
  uint8_t* shadowBase[size_t(Memory::kCount)] = {};
  std::vector<PipeState> pipes;
  std::vector<QueueState> queues;
  std::vector<BufferSlot> slots;
  std::vector<int32_t> survivingBuffers;  // TBuf buffers of destroyed pipes, valid until memory is reused
  void* currentPipe = nullptr;
  MaskRegister mask;
  uint64_t padValueBits = 0;
  rt::AtomicOp atomicOp = rt::AtomicOp::kNone;
  DType atomicType = DType::kFloat;
  bool padValueSet = false;
  uint64_t cmpMask[2] = {0, 0};  // CMPMASK register: level-0 Compare writes it, Select mode 0 reads it
  // The value/index register the last ReduceMax/ReduceMin wrote (read by GetReduceMaxMinCount).
  uint64_t reduceMaxMinValueBits = 0;
  uint64_t reduceMaxMinIndexBits = 0;
  uint16_t deqScaleBits = 0x3C00;  // DEQSCALE, half 1.0 until SetDeqScale (the NPU leaves it unspecified)
  // SPR.ACC_VAL: the total of the last vcadd in accumulate mode or ReduceSum count form (get_acc_val).
  uint64_t accumulatorBits = 0;
  // The VA registers set_va_reg_sb writes and vnchwconv reads: 8 registers of 8 UB addresses;
  // bit i of addressRegistersSet says VAi was written in this block.
  uint64_t addressRegisters[8][8] = {};
  uint8_t addressRegistersSet = 0;
  uint8_t* systemWorkspace = nullptr;  // GetSysWorkSpacePtr; a framework launch sets it first
  DataCache dataCache;  // the scalar unit's, for its GM loads and stores
  PipeTimeline timeline;

  BlockState(int64_t blockIndex, const CostTable& costs, SyncMode mode, bool keepSegments);
  ~BlockState();
  BlockState(const BlockState&) = delete;
  BlockState& operator=(const BlockState&) = delete;
  // Finds the memory holding [address, address+bytes); false when outside every on-chip memory.
  bool Locate(const uint8_t* address, uint64_t bytes, Memory& memory, uint64_t& offset) const;
  uint8_t* Shadow(const uint8_t* address);
};

struct LaunchSettings {
  uint64_t tilingKey = 0;
  int kernelMode = -1;  // unset
};
LaunchSettings& Settings();

class LaunchCost;
// The cost model's state of the running launch.
LaunchCost& CurrentLaunchCost();

// The block whose fiber is running; every runtime entry point acts on it.
BlockState& CurrentBlock();
// Ends the running block as failed without unwinding its frames: for errors found where no
// exception may pass (the instrumentation's entry points, which the compiler calls as nothrow).
[[noreturn]] void AbandonRunningBlock();
int64_t CurrentBlockIndexOrNone();
uint32_t CurrentBlockNum();

}  // namespace ascendc_sim
