// The cost model's figures, one table per simulated SoC. Each figure's source is written beside it
// in cost_table.cpp and in docs/performance-model.md; figures marked "assumed" need calibration on
// real hardware.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ascendc_sim {

// How vector instructions are charged: a fixed cost per instruction plus a cost per repeat (one
// 256-byte pass of the vector unit), by the kind of work each lane does.
enum class VecCost : uint8_t {
  kSimple,         // one source and a scalar, copies, fills, max/min with a scalar, relu
  kBinary,         // two tensor sources
  kTranscendental, // exp, ln, sqrt, rsqrt, reciprocal, div
  kConvert,        // Cast
  kCompareSelect,  // Compare, Select, Gather
  kReduce,         // reductions within repeats or across them
  kSort,           // Sort32: a repeat sorts 32 scores into 256 bytes of (score, index) pairs
  kMerge,          // MrgSort: a "repeat" is 256 bytes (32 pairs) of merged output
  kCount
};

struct VecCostFigures {
  uint32_t fixedCycles;
  uint32_t cyclesPerRepeat16;  // per repeat with 1- or 2-byte lanes
  uint32_t cyclesPerRepeat32;  // per repeat with 4-byte lanes
};

struct CostTable {
  const char* soc;
  double clockMhz;
  // Core counts and the HBM rate (the ini's 32 bytes per cycle per AI core, shared by the cores
  // active at once) are the SoC's: host::SocSpec.
  // Per-core DMA rates in bytes per cycle, and the fixed latency of one DMA instruction.
  double gmToUbBytesPerCycle;
  double gmToL1BytesPerCycle;
  double ubToGmBytesPerCycle;
  double ubToUbBytesPerCycle;
  double l1ToUbBytesPerCycle;
  double fixpipeToGmBytesPerCycle;  // L0C to GM (and to L1) through the fixpipe
  double l1ToL0aBytesPerCycle;      // LoadData into L0A
  double l1ToL0bBytesPerCycle;      // LoadData into L0B
  uint32_t l1ToL0LatencyCycles;     // fixed cost of an on-chip cube transfer (LoadData, Fixpipe to L1)
  uint32_t dmaLatencyCycles;
  uint32_t dmaBurstCycles;  // extra per block of a multi-block (strided) copy
  VecCostFigures vector[size_t(VecCost::kCount)];
  uint32_t cubeHeadCycles;  // per Mmad, before its 16 x K0 x 16 steps (one per cycle)
  uint32_t cubeFp32CyclesPerStep;  // an fp32 step (16 x 8 x 16) takes this many cycles
  // The scalar unit: issuing one vector or DMA instruction, one basic block of the kernel's own
  // code (scalar_code.h), and a load or store of UB or of GM (GetValue/SetValue or a raw pointer);
  // a GM access that misses the data cache waits for the line from GM on top.
  uint32_t issueCycles;
  uint32_t scalarBlockCycles;
  uint32_t scalarUbAccessCycles;
  uint32_t scalarGmAccessCycles;
  uint32_t scalarGmMissCycles;
  uint32_t dataCacheBytes;
  uint32_t dataCacheLineBytes;
  uint32_t flagCycles;         // SetFlag or WaitFlag
  uint32_t vectorDrainCycles;  // PipeBarrier<PIPE_V> with vector work pending
  uint32_t syncAllCycles;      // the all-core barrier once every block arrived
  double launchOverheadMicroseconds;
  // Peak throughputs for roofline estimates of library kernels.
  double vectorBytesPerCyclePerCore;
  double cubeFlopsPerCyclePerCore;
};

// The table of the SoC host code selected (AKGEN_SOC / host::SetSoc).
const CostTable& CurrentCostTable();

}  // namespace ascendc_sim
