// The cost tables. Sources (keys as in the shared reference, ascendc-api.md §8):
//   [INI]  CANN platform ini files of the 910B parts (clock, cores, per-core memory rates)
//   [PTO]  PTO-ISA's A2/A3 cost model (third-party calibration): DMA rates at 1.85 GHz, vector
//          fixed and per-repeat costs fitted to measurements, set/wait flag and barrier costs
//   [ARS]  ascend-rs benchmarks: host-observed launch + sync of tiny kernels on a 910B3
//   [DOC]  CANN's Ascend C programming guide, "Compute Units" and "Reading/Writing Data by the
//          Scalar Unit" (the scalar unit's data cache)
//   assumed: no public figure found; chosen to be plausible, to be calibrated on hardware
#include "cost_table.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "ascendc_sim/host/soc_spec.h"

namespace ascendc_sim {
namespace {

// [PTO] gives per-core DMA rates in GiB/s at its 1.85 GHz clock; the tables keep them as bytes per
// cycle, i.e. the DMA engines are assumed to run at the core clock.
constexpr double kPtoClockHz = 1.85e9;
constexpr double BytesPerCycle(double gibPerSecond) { return gibPerSecond * 1073741824.0 / kPtoClockHz; }

constexpr CostTable Table(const char* soc, double clockMhz) {
  return CostTable{
      .soc = soc,
      .clockMhz = clockMhz,
      .gmToUbBytesPerCycle = BytesPerCycle(100.9),  // [PTO]
      .gmToL1BytesPerCycle = BytesPerCycle(135.0),  // [PTO]
      .ubToGmBytesPerCycle = BytesPerCycle(188.46), // [PTO]
      .ubToUbBytesPerCycle = BytesPerCycle(1024.0), // [PTO]
      .l1ToUbBytesPerCycle = 128,                   // [INI] l1→ub
      // L0C→GM, L1→L0A and L1→L0B [PTO]; the fixed cost of an on-chip cube transfer is assumed
      // (no public figure; far below a GM round trip).
      .fixpipeToGmBytesPerCycle = BytesPerCycle(70.0),
      .l1ToL0aBytesPerCycle = BytesPerCycle(441.0),
      .l1ToL0bBytesPerCycle = BytesPerCycle(220.5),
      .l1ToL0LatencyCycles = 30,
      .dmaLatencyCycles = 200,                      // assumed
      .dmaBurstCycles = 1,                          // assumed
      .vector =
          {
              {31, 1, 1},  // simple: 1 cycle per repeat, bias 21–43 [PTO]
              {31, 2, 2},  // binary: 2 cycles per repeat [PTO]
              {30, 4, 2},  // exp/sqrt: 0.0314 cycles per element [PTO]
              {14, 2, 2},  // vconv head 14, slope 2 [PTO]
              {31, 2, 2},  // compare/select/gather: assumed as binary
              {44, 2, 2},  // reductions: RowSum bias 44–121 [PTO]; per repeat assumed
              {31, 4, 4},  // Sort32: vbitsort 4 cycles per repeat [PTO]; fixed as simple
              // MrgSort: [PTO] charges vmrgsort4 6 cycles per repeat whatever the runs' lengths;
              // assumed here per 32 pairs written, since the work grows with the pairs merged
              {31, 6, 6},
          },
      .cubeHeadCycles = 6,        // Mmad head [PTO cce_costmodel_cube]
      // fp32 steps take 2 cycles [PTO cce_costmodel_cube]
      .cubeFp32CyclesPerStep = 2,
      .issueCycles = 4,           // assumed
      .scalarBlockCycles = 4,     // assumed: a basic block of our x86 build holds ~4 instructions
      .scalarUbAccessCycles = 2,  // assumed
      .scalarGmAccessCycles = 20, // assumed: a data-cache hit
      .scalarGmMissCycles = 200,  // assumed: a round trip to GM, as dmaLatencyCycles
      .dataCacheBytes = 16384,    // [DOC] DCache of 16 KiB
      .dataCacheLineBytes = 64,   // [DOC] 64-byte cache lines
      .flagCycles = 1,            // set_flag/wait_flag ≈ 1 cycle [PTO]
      .vectorDrainCycles = 16,    // PipeBarrier<PIPE_V> drains 16 cycles [PTO]
      .syncAllCycles = 200,       // assumed
      .launchOverheadMicroseconds = 19,  // lower end of 19–30 µs [ARS]
      .vectorBytesPerCyclePerCore = 256, // one 256-byte repeat per cycle [INI vec_calc_size]
      .cubeFlopsPerCyclePerCore = 2 * 16 * 16 * 16,  // 16×16×16 fp16 MACs per cycle [INI]
  };
}

// Clocks [INI]; the 910B3's is from a third-party table; the 910_93 parts share the 910C4 ini's
// 1850 MHz (same dav-2201 core; assumed).
constexpr CostTable kTables[] = {
    Table("Ascend910B1", 1850),    Table("Ascend910B2", 1800),    Table("Ascend910B3", 1800),
    Table("Ascend910B4", 1500),    Table("Ascend910_9391", 1850), Table("Ascend910_9392", 1850),
};

}  // namespace

const CostTable& CurrentCostTable() {
  const char* soc = host::CurrentSoc().name;
  for (const CostTable& table : kTables) {
    if (std::strcmp(table.soc, soc) == 0) return table;
  }
  std::fprintf(stderr, "akgen-sim: no cost table for SoC %s\n", soc);  // soc_spec.cpp and kTables disagree
  std::abort();
}

}  // namespace ascendc_sim
