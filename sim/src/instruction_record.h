// Turns API calls into timeline instructions: which pipe runs them, what they cost under the
// SoC's cost table, and which bytes they touch.
#pragma once
#include <cstdint>
#include <cstddef>

#include "ascendc_sim/runtime.h"
#include "cost_table.h"
#include "pipe_timeline.h"

namespace ascendc_sim {

// The bytes [address, address + bytes) of an on-chip memory or of global memory.
MemAccess OnChipAccess(const uint8_t* address, uint64_t bytes, bool write);
MemAccess GlobalAccess(const uint8_t* address, uint64_t bytes, bool write);

// A vector instruction: `repeats` passes of 256 bytes with `laneBytes`-wide lanes.
void RecordVector(VecCost cost, uint32_t laneBytes, uint64_t repeats, const MemAccess* accesses, size_t count,
                  const Site& site);
// One pass of a high-level API over `elements` lanes of `laneBytes`: a vector instruction with as
// many repeats as those lanes fill.
void RecordVectorPass(VecCost cost, uint32_t laneBytes, uint64_t elements, const MemAccess* accesses, size_t count,
                      const Site& site);

// A DMA of `bytes` in `bursts` blocks between two endpoints; `srcExtent`/`dstExtent` are the byte
// spans touched on each side from its start.
void RecordCopy(const CopyEndpoint& dst, const CopyEndpoint& src, uint64_t bytes, uint32_t bursts, uint64_t srcExtent,
                uint64_t dstExtent, const Site& site);
// A GM fill done by the data movers (InitGlobalMemory).
void RecordGlobalFill(const GlobalRef& ref, uint64_t bytes, const Site& site);

// A Matmul request the block's cube core serves while the vector core waits: MTE2 reads `readBytes`
// of A, B and bias from GM, the cube runs `fractalSteps` cycles of 16 x K0 x 16 steps (an fp32 step
// counts cubeFp32CyclesPerStep), the fixpipe writes `writtenBytes` of C; each stage starts when the
// one before it ends.
void RecordMatmul(const MemAccess* reads, size_t readCount, uint64_t readBytes, uint64_t fractalSteps,
                  const MemAccess& write, uint64_t writtenBytes, const Site& site);

// The cube path's own instructions. LoadData: MTE1 moves `bytes` from L1 into L0A or L0B (the
// write's memory picks the rate). Mmad: the cube runs `steps` 16 x K0 x 16 steps after its head,
// fp32 ones slower. Fixpipe: `bytes` written from L0C to GM or L1.
void RecordCubeLoad(const MemAccess& read, const MemAccess& write, uint64_t bytes, const Site& site);
void RecordMmad(const MemAccess* accesses, size_t count, uint64_t steps, bool fp32, const Site& site);
void RecordFixpipe(const MemAccess& read, const MemAccess& write, uint64_t bytes, const Site& site);

// A scalar GetValue/SetValue (or the tiling read) by the scalar unit.
void RecordScalarAccess(const MemAccess& access, const Site& site);

}  // namespace ascendc_sim
