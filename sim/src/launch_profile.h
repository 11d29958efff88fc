// What the cost model says about one kernel launch, and the run settings that shape it. Host
// programs (the harness's runner, tests) read profiles with TakeLaunchProfiles(); `akgen cc`
// programs get them printed with AKGEN_SIM_PROFILE=1 or written with AKGEN_SIM_PROFILE_JSON=FILE.
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ascendc_sim {

// The hardware pipes of an AI core, as pipe_t names them.
enum class HwPipe : uint8_t { kScalar, kVector, kCube, kMte1, kMte2, kMte3, kFixpipe, kCount };
inline constexpr size_t kHwPipeCount = size_t(HwPipe::kCount);
const char* HwPipeName(HwPipe pipe);  // "S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX"

// How missing synchronisation between pipes is treated. kAuto behaves as a build with the
// compiler's automatic synchronisation (--cce-auto-sync=on): the edge it would insert is added
// and charged, nothing is reported. kStrict reports every hazard as a [sync-hazard] error.
enum class SyncMode : uint8_t { kAuto, kStrict };

struct LaunchProfile {
  std::string kernel;
  std::string soc;
  uint32_t blockDim = 0;
  uint32_t cores = 0;  // cores the blocks ran on: vector cores, or AI cores for blocks with a cube core
  uint32_t waves = 0;  // rounds of blocks when blockDim exceeds the core count
  double clockMhz = 0;
  uint64_t cycles = 0;                // device time: the last core's end
  double launchOverheadMicroseconds = 0;
  double microseconds = 0;            // cycles at the clock, plus the launch overhead
  std::string bound;                  // the busiest pipe of the critical block: "MTE2", "V", "MTE3", "S", …
  std::array<uint64_t, kHwPipeCount> busyCycles{};  // per pipe, on the critical block
  uint64_t gmBytesRead = 0;
  uint64_t gmBytesReadFromL2 = 0;  // of gmBytesRead, lines the launch had read or written before
  uint64_t gmBytesWritten = 0;
  double gmBandwidthGBps = 0;      // (read + written) / device time
  double peakGmBandwidthGBps = 0;  // the SoC's HBM bandwidth in the model
  bool timingOnly = false;
  // Why the estimate may be off: data-dependent control flow in a timing-only run, and the like.
  std::vector<std::string> notes;
};

nlohmann::json ToJson(const LaunchProfile& profile);
// The summary AKGEN_SIM_PROFILE=1 prints, a few lines.
std::string Summary(const LaunchProfile& profile);

// The profiles of the launches since the last call, oldest first.
std::vector<LaunchProfile> TakeLaunchProfiles();

// A library kernel judged by its roofline, as the PyTorch eager baseline models each aten op:
// bytes it moves through HBM, bytes the vector units process, and cube multiply-add work.
struct RooflineWork {
  uint64_t gmBytes = 0;
  uint64_t vectorBytes = 0;
  uint64_t cubeFlops = 0;
};
// Launch overhead plus the slowest of the three at the current SoC's peak rates (all cores).
double RooflineMicroseconds(const RooflineWork& work);

// Settings of the following launches. Their defaults come from the environment:
// AKGEN_SIM_SYNC=auto|strict (default auto), AKGEN_SIM_TIMING_ONLY=1, AKGEN_SIM_TIMELINE=FILE.
void SetSyncMode(SyncMode mode);
SyncMode CurrentSyncMode();
// Timing-only runs skip the data work of copies and vector instructions and keep the control flow.
void SetTimingOnly(bool timingOnly);
bool TimingOnly();
// Writes each launch's per-block, per-pipe timeline as Chrome trace JSON (opens in Perfetto);
// an empty path writes none.
void SetTimelineFile(const std::string& path);

}  // namespace ascendc_sim
