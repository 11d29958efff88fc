// TPipe buffer allocation, TQue state machines, TBuf views and event IDs, per block.
#include <algorithm>
#include <cstdint>
#include <string>

#include "diagnostics.h"
#include "launch_state.h"
#include "local_memory.h"

namespace ascendc_sim {
namespace {

// A buffer placed over TBuf memory that outlived its destroyed pipe makes that memory's old tensors
// stale, as any reallocation does.
void RetireOverlappedSurvivors(BlockState& block, Memory memory, uint64_t begin, uint64_t end) {
  std::vector<int32_t>& survivors = block.survivingBuffers;
  for (auto it = survivors.begin(); it != survivors.end();) {
    BufferSlot& slot = block.slots[size_t(*it)];
    if (slot.memory == memory && slot.offset < end && begin < uint64_t(slot.offset) + slot.bytes) {
      slot.state = BufferSlot::State::kFree;
      slot.generation++;
      it = survivors.erase(it);
    } else {
      ++it;
    }
  }
}

constexpr uint32_t kMaxBuffersPerPipe = 64;
constexpr uint32_t kMaxQueueBuffersPerPosition = 8;
constexpr int kEventIdsPerEvent = 8;
// CANN's InitBuffer rounds every length up to one 32-byte block, whatever the memory, so the next
// buffer starts there (and an access past a buffer reaches it there).
constexpr uint32_t kBufferGranule = 32;

PipeState& PipeAt(int32_t pipe, const Site& site) {
  BlockState& block = CurrentBlock();
  if (pipe < 0 || size_t(pipe) >= block.pipes.size() || !block.pipes[size_t(pipe)].alive) {
    RaiseError("queue-misuse", site, "uses a TPipe that was destroyed");
  }
  return block.pipes[size_t(pipe)];
}

QueueState& QueueAt(int32_t queue, const Site& site) {
  BlockState& block = CurrentBlock();
  if (queue < 0 || size_t(queue) >= block.queues.size()) {
    RaiseError("queue-misuse", site, "uses a TQue that no TPipe::InitBuffer initialised");
  }
  QueueState& state = block.queues[size_t(queue)];
  const PipeState& pipe = PipeAt(state.pipe, site);
  if (std::find(pipe.queues.begin(), pipe.queues.end(), queue) == pipe.queues.end()) {
    RaiseError("queue-misuse", site, "uses a TQue after TPipe::Reset released its buffers; call InitBuffer again");
  }
  return state;
}

std::vector<std::string> AllocationTable(const PipeState& pipe, Memory memory) {
  std::vector<std::string> notes;
  notes.push_back(Format("%s allocations of this TPipe (capacity %u bytes):", Info(memory).name, Info(memory).bytes));
  for (const Allocation& allocation : pipe.allocations) {
    if (MemoryOf(allocation.position) != memory) continue;
    notes.push_back(Format("  [%6u, %6u) %6u bytes  %s %s  (%s:%u)", allocation.offset,
                           allocation.offset + allocation.bytes, allocation.bytes, PositionName(allocation.position),
                           allocation.owner.c_str(), allocation.site.file, allocation.site.line));
  }
  return notes;
}

// Places `count` buffers of the given lengths (at explicit offsets when given) and returns their slots.
std::vector<int32_t> PlaceBuffers(PipeState& pipe, uint8_t position, const uint32_t* offsets, const uint32_t* lengths,
                                  uint32_t count, const std::string& owner, const Site& site) {
  BlockState& block = CurrentBlock();
  const Memory memory = MemoryOf(position);
  const MemoryInfo& info = Info(memory);
  if (count == 0) RaiseError("bad-parameter", site, "InitBuffer with num = 0; a queue needs at least one buffer");
  uint32_t buffersInPipe = 0;
  for (const Allocation& allocation : pipe.allocations) buffersInPipe += allocation.bytes > 0;
  if (buffersInPipe + count > kMaxBuffersPerPipe) {
    RaiseError("too-many-buffers", site,
               Format("TPipe would hold %u buffers; the limit is %u", buffersInPipe + count, kMaxBuffersPerPipe));
  }
  std::vector<int32_t> slots;
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t bytes = (lengths[i] + kBufferGranule - 1) / kBufferGranule * kBufferGranule;
    const uint32_t offset = offsets ? offsets[i] : pipe.used[size_t(memory)];
    if (offsets && offset % info.alignment != 0) {
      RaiseError("misaligned-address", site, Format("buffer offset %u is not %u-byte aligned", offset, info.alignment));
    }
    const uint64_t end = uint64_t(offset) + bytes;
    if (end > info.bytes) {
      std::vector<std::string> notes = AllocationTable(pipe, memory);
      notes.push_back(Format("  [%6u, %6llu) %6u bytes  %s %s  <- this request", offset,
                             static_cast<unsigned long long>(end), bytes, PositionName(position), owner.c_str()));
      std::string message =
          Format("%s needs bytes up to %llu but %s holds %u bytes; shrink the tile or the buffer count", owner.c_str(),
                 static_cast<unsigned long long>(end), info.name, info.bytes);
      // Offsets are 32-bit in every buffer record, as in CANN.
      if (end > UINT32_MAX) RaiseError("ub-overflow", site, std::move(message), std::move(notes));
      // The hardware faults only on an access past the end, so a buffer the kernel never touches
      // there (one sized for a dtype the launch does not use) is harmless; CheckTensor reports the
      // access.
      RaiseWarning("ub-overflow", site, message + "; an access past the end will fault", true, std::move(notes));
    }
    if (!offsets) pipe.used[size_t(memory)] = offset + bytes;
    RetireOverlappedSurvivors(block, memory, offset, end);
    pipe.allocations.push_back({owner, position, offset, bytes, site});
    PoisonOnFirstUse(block, memory);
    BufferSlot slot;
    slot.memory = memory;
    slot.offset = offset;
    slot.bytes = bytes;
    slot.placedAt = site;
    block.slots.push_back(slot);
    slots.push_back(int32_t(block.slots.size() - 1));
    pipe.slots.push_back(slots.back());
  }
  return slots;
}

// The pipe that writes a buffer at `position` before handing it on, and the pipe that reads it
// after: a TQue's EnQue sets the producer→consumer event, FreeTensor the way back (GetQueEvt).
HwPipe ProducerAt(AscendC::TPosition position) {
  using AscendC::TPosition;
  switch (position) {
    case TPosition::GM:
    case TPosition::VECIN:
    case TPosition::A1:
    case TPosition::B1:
    case TPosition::C1:
      return HwPipe::kMte2;
    case TPosition::A2:
    case TPosition::B2:
    case TPosition::C2:
      return HwPipe::kMte1;
    case TPosition::CO1:
      return HwPipe::kCube;
    case TPosition::CO2:
      return HwPipe::kFixpipe;
    case TPosition::TSCM:
      return HwPipe::kMte3;
    default:
      return HwPipe::kVector;
  }
}

HwPipe ConsumerAt(AscendC::TPosition position) {
  using AscendC::TPosition;
  switch (position) {
    case TPosition::GM:
    case TPosition::VECOUT:
    case TPosition::CO2:
      return HwPipe::kMte3;
    case TPosition::A1:
    case TPosition::B1:
    case TPosition::C1:
    case TPosition::TSCM:
      return HwPipe::kMte1;
    case TPosition::A2:
    case TPosition::B2:
    case TPosition::C2:
      return HwPipe::kCube;
    case TPosition::CO1:
      return HwPipe::kFixpipe;
    default:
      return HwPipe::kVector;
  }
}

void InitQueue(int32_t pipeHandle, int32_t& queue, uint8_t srcPosition, uint8_t dstPosition, int32_t depth,
               const uint32_t* offsets, const uint32_t* lengths, uint32_t count, const Site& site) {
  const uint8_t position = srcPosition == uint8_t(AscendC::TPosition::GM) ? dstPosition : srcPosition;
  BlockState& block = CurrentBlock();
  PipeState& pipe = PipeAt(pipeHandle, site);
  uint32_t queueBuffersHere = count;
  for (int32_t other : pipe.queues) {
    const QueueState& state = block.queues[size_t(other)];
    if (state.position == position) queueBuffersHere += uint32_t(state.slots.size());
  }
  if (queueBuffersHere > kMaxQueueBuffersPerPosition) {
    RaiseError(
        "too-many-buffers", site,
        Format("%u TQue buffers at position %s; Atlas A2 has %u event IDs per position, so at most %u fit",
               queueBuffersHere, PositionName(position), kMaxQueueBuffersPerPosition, kMaxQueueBuffersPerPosition));
  }
  const std::string owner = Format("TQue#%zu", block.queues.size());
  QueueState state;
  state.pipe = pipeHandle;
  state.position = position;
  state.producer = ProducerAt(AscendC::TPosition(srcPosition));
  state.consumer = ConsumerAt(AscendC::TPosition(dstPosition));
  state.depth = depth;
  state.initSite = site;
  state.slots = PlaceBuffers(pipe, position, offsets, lengths, count, owner, site);
  for (int32_t slot : state.slots) block.slots[size_t(slot)].queue = int32_t(block.queues.size());
  queue = int32_t(block.queues.size());
  pipe.queues.push_back(queue);
  block.queues.push_back(std::move(state));
}

LocalRef RefTo(int32_t slotIndex, uint8_t position) {
  BlockState& block = CurrentBlock();
  const BufferSlot& slot = block.slots[size_t(slotIndex)];
  LocalRef ref;
  ref.address = block.memoryBase[size_t(slot.memory)] + slot.offset;
  ref.limit = ref.address + slot.bytes;
  ref.bytes = slot.bytes;
  ref.owner = slotIndex;
  ref.generation = slot.generation;
  ref.position = position;
  return ref;
}

// The slot of a tensor handed to a queue operation; it must be a live buffer of this queue.
BufferSlot& OwnedSlot(int32_t queueHandle, const LocalRef& tensor, const char* operation, const Site& site) {
  BlockState& block = CurrentBlock();
  if (tensor.owner < 0 || size_t(tensor.owner) >= block.slots.size() ||
      block.slots[size_t(tensor.owner)].queue != queueHandle) {
    const bool fromTBuf = tensor.owner >= 0 && size_t(tensor.owner) < block.slots.size() &&
                          block.slots[size_t(tensor.owner)].state == BufferSlot::State::kScratch;
    RaiseError("queue-misuse", site,
               Format("%s of a tensor this queue does not own%s", operation,
                      fromTBuf ? " (it comes from a TBuf, which has no queue semantics)" : ""));
  }
  BufferSlot& slot = block.slots[size_t(tensor.owner)];
  if (slot.generation != tensor.generation || slot.state == BufferSlot::State::kFree) {
    RaiseError("queue-misuse", site, Format("%s of a tensor that was already freed (use after free)", operation));
  }
  return slot;
}

}  // namespace

const char* StateName(BufferSlot::State state) {
  switch (state) {
    case BufferSlot::State::kFree:
      return "free";
    case BufferSlot::State::kAllocated:
      return "allocated";
    case BufferSlot::State::kQueued:
      return "enqueued";
    case BufferSlot::State::kDequeued:
      return "dequeued";
    case BufferSlot::State::kScratch:
      return "a TBuf";
  }
  return "?";
}

namespace rt {

int32_t PipeCreate() {
  BlockState& block = CurrentBlock();
  block.pipes.emplace_back();
  return int32_t(block.pipes.size() - 1);
}

// Destroy ends the pipe's queues, but a TBuf's memory keeps its bytes and its address: kernels
// (Catlass's Resource) take their TBuf tensors and destroy the pipe at once to free its event IDs,
// then work on those tensors. They stay valid until a later pipe places a buffer over them.
void PipeDestroy(int32_t pipeHandle) {
  if (CurrentBlockIndexOrNone() < 0) return;
  BlockState& block = CurrentBlock();
  std::vector<int32_t> survivors;
  for (int32_t slotIndex : block.pipes[size_t(pipeHandle)].slots) {
    if (block.slots[size_t(slotIndex)].state == BufferSlot::State::kScratch) survivors.push_back(slotIndex);
  }
  PipeState& pipe = block.pipes[size_t(pipeHandle)];
  pipe.slots.erase(std::remove_if(pipe.slots.begin(), pipe.slots.end(),
                                  [&](int32_t slot) {
                                    return std::find(survivors.begin(), survivors.end(), slot) != survivors.end();
                                  }),
                   pipe.slots.end());
  PipeReset(pipeHandle);
  block.pipes[size_t(pipeHandle)].alive = false;
  block.survivingBuffers.insert(block.survivingBuffers.end(), survivors.begin(), survivors.end());
}

void PipeReset(int32_t pipeHandle) {
  BlockState& block = CurrentBlock();
  PipeState& pipe = block.pipes[size_t(pipeHandle)];
  for (int32_t slotIndex : pipe.slots) {
    BufferSlot& slot = block.slots[size_t(slotIndex)];
    slot.state = BufferSlot::State::kFree;
    slot.generation++;
    slot.queue = -1;
  }
  const bool alive = pipe.alive;
  pipe = PipeState{};
  pipe.alive = alive;
}

void* CurrentPipe() { return CurrentBlockIndexOrNone() < 0 ? nullptr : CurrentBlock().currentPipe; }
void SetCurrentPipe(void* pipe) {
  if (CurrentBlockIndexOrNone() >= 0) CurrentBlock().currentPipe = pipe;
}

void PipeInitQueue(int32_t pipe, int32_t& queue, uint8_t srcPosition, uint8_t dstPosition, int32_t depth, uint32_t num,
                   uint32_t bytes, Site site) {
  std::vector<uint32_t> lengths(num, bytes);
  InitQueue(pipe, queue, srcPosition, dstPosition, depth, nullptr, lengths.data(), num, site);
}

void PipeInitQueueAt(int32_t pipe, int32_t& queue, uint8_t srcPosition, uint8_t dstPosition, int32_t depth,
                     const uint32_t* offsets, const uint32_t* bytes, uint32_t num, Site site) {
  InitQueue(pipe, queue, srcPosition, dstPosition, depth, offsets, bytes, num, site);
}

void PipeInitBuf(int32_t pipeHandle, int32_t& buf, uint8_t position, uint32_t bytes, Site site) {
  BlockState& block = CurrentBlock();
  PipeState& pipe = PipeAt(pipeHandle, site);
  const std::string owner = Format("TBuf#%zu", block.slots.size());
  const std::vector<int32_t> slots = PlaceBuffers(pipe, position, nullptr, &bytes, 1, owner, site);
  block.slots[size_t(slots[0])].state = BufferSlot::State::kScratch;
  buf = slots[0];
}

int8_t PipeEventId(int32_t pipeHandle, uint8_t event, bool allocate, Site site) {
  PipeState& pipe = PipeAt(pipeHandle, site);
  uint32_t& inUse = pipe.eventIdsInUse[event];
  for (int id = 0; id < kEventIdsPerEvent; ++id) {
    if (!(inUse & (1u << id))) {
      if (allocate) inUse |= 1u << id;
      return int8_t(id);
    }
  }
  RaiseError("bad-parameter", site, Format("all %d event IDs of this HardEvent are allocated", kEventIdsPerEvent));
}

void PipeReleaseEventId(int32_t pipeHandle, uint8_t event, int8_t id, Site site) {
  if (id < 0 || id >= kEventIdsPerEvent) RaiseError("bad-parameter", site, Format("event ID %d is outside [0, 8)", id));
  PipeAt(pipeHandle, site).eventIdsInUse[event] &= ~(1u << id);
}

LocalRef QueueAlloc(int32_t queueHandle, Site site) {
  BlockState& block = CurrentBlock();
  QueueState& queue = QueueAt(queueHandle, site);
  for (size_t turn = 0; turn < queue.slots.size(); ++turn) {
    const size_t position = (queue.nextSlot + turn) % queue.slots.size();
    const int32_t slotIndex = queue.slots[position];
    BufferSlot& slot = block.slots[size_t(slotIndex)];
    if (slot.state == BufferSlot::State::kFree) {
      queue.nextSlot = position + 1;
      slot.state = BufferSlot::State::kAllocated;
      slot.generation++;  // tensors of the buffer's earlier allocation are stale from here on
      block.timeline.Acquire(slot.emptied, queue.producer, site);
      return RefTo(slotIndex, queue.position);
    }
  }
  std::vector<std::string> notes;
  for (int32_t slotIndex : queue.slots) {
    notes.push_back(Format("buffer %d is %s", slotIndex, StateName(block.slots[size_t(slotIndex)].state)));
  }
  RaiseError("queue-misuse", site,
             Format("AllocTensor on a full queue: all %zu buffers are in use (a FreeTensor is missing); this would "
                    "hang on hardware",
                    queue.slots.size()),
             std::move(notes));
}

void QueueEnque(int32_t queueHandle, const LocalRef& tensor, Site site) {
  QueueState& queue = QueueAt(queueHandle, site);
  BufferSlot& slot = OwnedSlot(queueHandle, tensor, "EnQue", site);
  if (slot.state == BufferSlot::State::kDequeued) {
    // The NPU's EnQue only records the buffer and sets its event, so a dequeued tensor can be handed
    // on again (GeGluV2 enqueues its GELU result again for the next stage; DeepNormGrad keeps its
    // per-row statistics across iterations that way). CANN's CPU-debug queue rejects it.
    RaiseWarning("queue-misuse", site,
                 "EnQue of a tensor that was already dequeued; CANN's CPU-debug queue rejects this, the NPU hands "
                 "the tensor on again",
                 true);
  } else if (slot.state != BufferSlot::State::kAllocated) {
    RaiseError("queue-misuse", site,
               Format("EnQue of a tensor that is %s; enqueue a tensor from AllocTensor or DeQue, once",
                      StateName(slot.state)));
  }
  if (queue.depth > 0 && int32_t(queue.queued.size()) >= queue.depth) {
    RaiseError("queue-misuse", site,
               Format("EnQue on a queue of depth %d that already holds %zu tensors; DeQue first", queue.depth,
                      queue.queued.size()));
  }
  slot.state = BufferSlot::State::kQueued;
  queue.queued.push_back(tensor.owner);
  CurrentBlock().timeline.Release(slot.filled, queue.producer, site);
}

LocalRef QueueDeque(int32_t queueHandle, Site site) {
  BlockState& block = CurrentBlock();
  QueueState& queue = QueueAt(queueHandle, site);
  if (queue.queued.empty()) {
    RaiseError("queue-misuse", site, "DeQue on an empty queue (no EnQue before it); this would hang on hardware");
  }
  const int32_t slotIndex = queue.queued.front();
  queue.queued.pop_front();
  BufferSlot& slot = block.slots[size_t(slotIndex)];
  slot.state = BufferSlot::State::kDequeued;
  block.timeline.Acquire(slot.filled, queue.consumer, site);
  return RefTo(slotIndex, queue.position);
}

void QueueFree(int32_t queueHandle, const LocalRef& tensor, Site site) {
  BlockState& block = CurrentBlock();
  QueueAt(queueHandle, site);
  // The hardware frees the tensor's own buffer whichever queue FreeTensor is called on (the buffer
  // carries its state); DeepNormGrad frees its mean and rstd tensors crosswise. Such a call is a
  // warning, the buffer returns to the queue that owns it, and strict mode makes it an error.
  if (tensor.owner >= 0 && size_t(tensor.owner) < block.slots.size()) {
    const int32_t owner = block.slots[size_t(tensor.owner)].queue;
    if (owner != queueHandle && block.slots[size_t(tensor.owner)].state != BufferSlot::State::kScratch) {
      RaiseWarning("queue-misuse", site, "FreeTensor of a tensor another queue owns; its buffer returns to that queue",
                   true);
      queueHandle = owner;
    }
  }
  const QueueState& queue = QueueAt(queueHandle, site);
  BufferSlot& slot = OwnedSlot(queueHandle, tensor, "FreeTensor", site);
  if (slot.state == BufferSlot::State::kQueued) {
    RaiseError("queue-misuse", site, "FreeTensor of a tensor that is still enqueued; DeQue it first");
  }
  slot.state = BufferSlot::State::kFree;
  CurrentBlock().timeline.Release(slot.emptied, queue.consumer, site);
}

int32_t QueueCount(int32_t queueHandle, int what) {
  BlockState& block = CurrentBlock();
  // A queue that InitBuffer never set up holds nothing and has no room.
  if (queueHandle < 0 || size_t(queueHandle) >= block.queues.size()) return 0;
  QueueState& queue = block.queues[size_t(queueHandle)];
  if (what == 1) return int32_t(queue.queued.size());
  if (what == 0) return queue.depth - int32_t(queue.queued.size());
  int32_t idle = 0;
  for (int32_t slot : queue.slots) idle += block.slots[size_t(slot)].state == BufferSlot::State::kFree;
  return idle;
}

void QueueFreeAllEvent(int32_t) {}

LocalRef BufGet(int32_t buf, uint32_t bytes, uint32_t byteOffset, Site site) {
  BlockState& block = CurrentBlock();
  if (buf < 0 || size_t(buf) >= block.slots.size() || block.slots[size_t(buf)].state != BufferSlot::State::kScratch) {
    // The NPU hands out a view of whatever the TBuf holds; kernels take one they use only for some
    // dtypes (TanhMath's float path never touches its cast buffer). So the Get is a warning and the
    // view belongs to no buffer: any access through it is the error.
    RaiseWarning("queue-misuse", site,
                 "TBuf::Get on a TBuf that TPipe::InitBuffer did not initialise (or after Reset); any use of the "
                 "tensor is an error",
                 true);
    return LocalRef{};
  }
  const BufferSlot& slot = block.slots[size_t(buf)];
  const uint32_t length = bytes == 0 ? slot.bytes - byteOffset : bytes;
  if (byteOffset % 32 != 0) {
    RaiseError("misaligned-address", site, Format("GetWithOffset byte offset %u is not 32-byte aligned", byteOffset));
  }
  if (uint64_t(byteOffset) + length > slot.bytes) {
    // The NPU hands the view out unchecked (only CANN's CPU-debug build asserts), and answers ask
    // for more than they touch (GroupNormSwishGrad); an access past the buffer's end reaches the
    // bytes that follow, and CheckTensor reports it.
    RaiseWarning(
        "ub-out-of-bounds", site,
        Format("asks for bytes [%u, %llu) of a %u-byte TBuf; an access past byte %u reaches the bytes that "
               "follow the buffer",
               byteOffset, static_cast<unsigned long long>(uint64_t(byteOffset) + length), slot.bytes, slot.bytes),
        true);
  }
  LocalRef ref = RefTo(buf, 0);
  ref.address += byteOffset;
  ref.bytes = length;
  ref.position = uint8_t(AscendC::TPosition::VECCALC);
  return ref;
}

LocalRef PipeStackBuffer(int32_t pipeHandle, uint8_t position, Site site) {
  // A2 keeps the last 64 UB bytes for the messages vector cores send the cube core (KfcMsg).
  constexpr uint32_t kReservedTailBytes = 64;
  if (pipeHandle < 0) RaiseError("queue-misuse", site, "PopStackBuffer with no TPipe (GetTPipePtr() is null)");
  if (MemoryOf(position) != Memory::kUnifiedBuffer) {
    RaiseError("bad-parameter", site,
               Format("PopStackBuffer at %s: the stack buffer is UB; use TPosition::LCM", PositionName(position)));
  }
  BlockState& block = CurrentBlock();
  PipeState& pipe = PipeAt(pipeHandle, site);
  const uint32_t start = pipe.used[size_t(Memory::kUnifiedBuffer)];
  const uint32_t end = Info(Memory::kUnifiedBuffer).bytes - kReservedTailBytes;
  if (start >= end) {
    RaiseError(
        "ub-overflow", site,
        Format("PopStackBuffer: the TPipe's buffers reach UB byte %u, so nothing is left before byte %u", start, end),
        AllocationTable(pipe, Memory::kUnifiedBuffer));
  }
  // Repeated pops (a high-level API in a loop) share one view until an InitBuffer moves the start.
  if (pipe.stackSlot < 0 || block.slots[size_t(pipe.stackSlot)].offset != start) {
    BufferSlot slot;
    slot.offset = start;
    slot.bytes = end - start;
    slot.placedAt = site;
    slot.state = BufferSlot::State::kScratch;
    block.slots.push_back(slot);
    block.memoryUsed[size_t(Memory::kUnifiedBuffer)] = true;
    pipe.stackSlot = int32_t(block.slots.size() - 1);
    pipe.slots.push_back(pipe.stackSlot);  // released with the pipe's other buffers at Reset
  }
  return RefTo(pipe.stackSlot, position);
}

void CheckQueueConfigValue(const char* field, uint32_t declared, const char* argument, uint32_t given, Site site) {
  if (declared != 0 && declared != given) {
    RaiseError("bad-parameter", site,
               Format("InitBuffer's %s is %u but the queue's TQueConfig::%s is %u; they must be equal", argument, given,
                      field, declared));
  }
}

LocalRef LocalAt(const void* address, const char* operand, Site site) {
  if (address == nullptr) RaiseError("bad-parameter", site, Format("%s is a null pointer", operand));
  const uint8_t* byte = static_cast<const uint8_t*>(address);
  BlockState& block = CurrentBlock();
  for (size_t index = 0; index < block.slots.size(); ++index) {
    const BufferSlot& slot = block.slots[index];
    const uint8_t* start = block.memoryBase[size_t(slot.memory)] + slot.offset;
    if (slot.state == BufferSlot::State::kFree || byte < start || byte >= start + slot.bytes) continue;
    const uint8_t position =
        slot.queue >= 0 ? block.queues[size_t(slot.queue)].position : uint8_t(AscendC::TPosition::VECCALC);
    LocalRef ref = RefTo(int32_t(index), position);
    ref.address = const_cast<uint8_t*>(byte);
    ref.bytes = uint32_t(ref.limit - byte);
    return ref;
  }
  RaiseError(
      "ub-out-of-bounds", site,
      Format("%s points into no live TQue or TBuf buffer (freed, never allocated, or not on-chip memory)", operand));
}

}  // namespace rt
}  // namespace ascendc_sim
