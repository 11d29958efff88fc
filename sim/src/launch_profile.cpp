// Launch profiles: blocks placed on cores, the launch's time and bound, and where they are reported.
#include "launch_profile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "ascendc_sim/host/soc_spec.h"
#include "diagnostics.h"
#include "launch_cost.h"
#include "timeline_trace.h"

namespace ascendc_sim {
namespace {

struct ProfileSettings {
  SyncMode syncMode = SyncMode::kAuto;
  bool timingOnly = false;
  std::string timelineFile;
  bool printSummary = false;
  std::string jsonFile;
};

std::string Environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

ProfileSettings FromEnvironment() {
  ProfileSettings settings;
  const std::string sync = Environment("AKGEN_SIM_SYNC");
  if (sync == "strict") {
    settings.syncMode = SyncMode::kStrict;
  } else if (!sync.empty() && sync != "auto") {
    std::fprintf(stderr, "akgen-sim: AKGEN_SIM_SYNC=%s is neither auto nor strict; using auto\n", sync.c_str());
  }
  settings.timingOnly = Environment("AKGEN_SIM_TIMING_ONLY") == "1";
  settings.timelineFile = Environment("AKGEN_SIM_TIMELINE");
  settings.printSummary = Environment("AKGEN_SIM_PROFILE") == "1";
  settings.jsonFile = Environment("AKGEN_SIM_PROFILE_JSON");
  return settings;
}

ProfileSettings& CurrentProfileSettings() {
  static ProfileSettings settings = FromEnvironment();
  return settings;
}

std::vector<LaunchProfile>& Published() {
  static std::vector<LaunchProfile> profiles;
  return profiles;
}

// Bytes per cycle HBM delivers to the whole chip: the ini's rate per AI core times their count.
double HbmBytesPerCycle(const host::SocSpec& soc) { return double(soc.aicNum) * double(soc.hbmBytesPerCycle); }
// The same for reads from the L2 cache.
double L2BytesPerCycle(const host::SocSpec& soc) { return double(soc.aicNum) * double(soc.l2BytesPerCycle); }

double Gigabytes(double bytes) { return bytes / 1e9; }

}  // namespace

LaunchCost::LaunchCost(uint32_t blockDim)
    : costs_(CurrentCostTable()),
      blockDim_(blockDim),
      cores_(host::CurrentSoc().aivNum),
      mode_(CurrentProfileSettings().syncMode),
      timingOnly_(CurrentProfileSettings().timingOnly),
      keepSegments_(!CurrentProfileSettings().timelineFile.empty()),
      gmShare_(HbmBytesPerCycle(host::CurrentSoc()) / double(std::min(blockDim, cores_))),
      l2Share_(L2BytesPerCycle(host::CurrentSoc()) / double(std::min(blockDim, cores_))),
      l2_(host::CurrentSoc().l2Bytes),
      blocks_(blockDim) {}

void LaunchCost::SetCoreLayout(uint32_t cube, uint32_t vector) {
  const host::SocSpec& soc = host::CurrentSoc();
  coresPerBlock_ = cube + vector;
  // A block of several cores occupies one AI core; the DMA of its cores shares that AI core's share.
  cores_ = coresPerBlock_ == 1 && cube == 0 ? soc.aivNum : soc.aicNum;
  const uint32_t active = cube == 0 ? std::min(blockDim_ * vector, soc.aivNum) : std::min(blockDim_, soc.aicNum);
  gmShare_ = HbmBytesPerCycle(soc) / double(active);
  l2Share_ = L2BytesPerCycle(soc) / double(active);
  blocks_.assign(size_t(blockDim_) * coresPerBlock_, BlockTimes{});
}

void LaunchCost::AddBlock(int64_t index, BlockTimes times) {
  blocks_[size_t(index)] = std::move(times);
  if (size_t(index) < readMisses_.size()) {  // an ended core misses no more
    missingCores_ -= readMisses_[size_t(index)];
    readMisses_[size_t(index)] = 0;
  }
}

double LaunchCost::HbmShareForRead(uint32_t core, double missFraction) {
  if (readMisses_.size() <= core) readMisses_.resize(size_t(core) + 1, 0.0);
  missingCores_ += missFraction - readMisses_[core];
  readMisses_[core] = missFraction;
  return HbmBytesPerCycle(host::CurrentSoc()) / std::max(1.0, missingCores_);
}

void LaunchCost::Note(std::string note) {
  if (noted_.insert(note).second) notes_.push_back(std::move(note));
}

void LaunchCost::Publish(const char* kernelName) {
  const host::SocSpec& soc = host::CurrentSoc();
  LaunchProfile profile;
  profile.kernel = kernelName;
  profile.soc = soc.name;
  profile.blockDim = blockDim_;
  profile.cores = cores_;
  profile.waves = uint32_t((blocks_.size() / coresPerBlock_ + cores_ - 1) / cores_);
  profile.clockMhz = costs_.clockMhz;
  profile.timingOnly = timingOnly_;
  profile.notes = notes_;

  // Each block goes to the core that frees up first, as the hardware dispatches blocks. The cores of
  // one block (a cube core and its vector cores) run side by side on one AI core.
  std::vector<uint64_t> coreFree(cores_, 0);
  std::vector<PlacedBlock> placed;
  std::array<uint64_t, kHwPipeCount> criticalBusy{};
  for (size_t first = 0; first < blocks_.size(); first += coresPerBlock_) {
    const auto core = uint32_t(std::min_element(coreFree.begin(), coreFree.end()) - coreFree.begin());
    uint64_t end = 0;
    std::array<uint64_t, kHwPipeCount> busy{};
    for (uint32_t member = 0; member < coresPerBlock_; ++member) {
      const BlockTimes& block = blocks_[first + member];
      placed.push_back({int64_t(first + member), core * coresPerBlock_ + member, coreFree[core], &block});
      end = std::max(end, block.end);
      for (size_t pipe = 0; pipe < kHwPipeCount; ++pipe) busy[pipe] = std::max(busy[pipe], block.busy[pipe]);
      profile.gmBytesRead += block.gmBytesRead;
      profile.gmBytesReadFromL2 += block.gmBytesReadFromL2;
      profile.gmBytesWritten += block.gmBytesWritten;
    }
    coreFree[core] += end;
    if (coreFree[core] >= profile.cycles) {
      profile.cycles = coreFree[core];
      criticalBusy = busy;
    }
  }
  // Each block's DMA runs at its share of HBM (of L2 for cached reads), but reads and writes
  // overlap; the chip as a whole can never move GM bytes faster than HBM and L2 deliver them.
  const double hbmBytesPerCycle = HbmBytesPerCycle(soc);
  const uint64_t hbmBytes = profile.gmBytesRead - profile.gmBytesReadFromL2 + profile.gmBytesWritten;
  const auto hbmFloor = uint64_t(std::ceil(double(hbmBytes) / hbmBytesPerCycle));
  const auto l2Floor = uint64_t(std::ceil(double(profile.gmBytesReadFromL2) / L2BytesPerCycle(soc)));
  if (std::max(hbmFloor, l2Floor) > profile.cycles) {
    profile.cycles = std::max(hbmFloor, l2Floor);
    profile.notes.push_back(hbmFloor >= l2Floor
                                ? "the launch is limited by HBM bandwidth as a whole (its DMA reads and writes overlap)"
                                : "the launch is limited by L2 bandwidth as a whole (its cached reads overlap)");
  }
  if (!blocks_.empty()) {
    profile.busyCycles = criticalBusy;
    const auto busiest = std::max_element(profile.busyCycles.begin(), profile.busyCycles.end());
    profile.bound = HwPipeName(HwPipe(busiest - profile.busyCycles.begin()));
  }
  const double deviceMicroseconds = double(profile.cycles) / costs_.clockMhz;
  profile.launchOverheadMicroseconds = costs_.launchOverheadMicroseconds;
  profile.microseconds = deviceMicroseconds + profile.launchOverheadMicroseconds;
  const double seconds = deviceMicroseconds / 1e6;
  profile.gmBandwidthGBps = seconds > 0 ? Gigabytes(double(profile.gmBytesRead + profile.gmBytesWritten) / seconds) : 0;
  profile.peakGmBandwidthGBps = Gigabytes(hbmBytesPerCycle * costs_.clockMhz * 1e6);

  for (const BlockTimes& block : blocks_) {
    if (block.segmentsTruncated) {
      profile.notes.push_back("the timeline keeps only the first instructions of long blocks");
      break;
    }
  }
  if (!CurrentProfileSettings().timelineFile.empty())
    AppendLaunchToTrace(CurrentProfileSettings().timelineFile, profile.kernel, costs_.clockMhz, placed);
  if (CurrentProfileSettings().printSummary) std::fputs(Summary(profile).c_str(), stderr);
  if (!CurrentProfileSettings().jsonFile.empty()) {
    std::ofstream out(CurrentProfileSettings().jsonFile, std::ios::app);
    out << ToJson(profile).dump() << '\n';
    if (!out)
      std::fprintf(stderr, "akgen-sim: cannot write the profile to %s\n", CurrentProfileSettings().jsonFile.c_str());
  }
  Published().push_back(std::move(profile));
}

nlohmann::json ToJson(const LaunchProfile& profile) {
  nlohmann::json busy = nlohmann::json::object();
  for (size_t pipe = 0; pipe < kHwPipeCount; ++pipe) busy[HwPipeName(HwPipe(pipe))] = profile.busyCycles[pipe];
  return {{"kernel", profile.kernel},
          {"soc", profile.soc},
          {"block_dim", profile.blockDim},
          {"cores", profile.cores},
          {"waves", profile.waves},
          {"clock_mhz", profile.clockMhz},
          {"cycles", profile.cycles},
          {"device_microseconds", double(profile.cycles) / profile.clockMhz},
          {"launch_overhead_microseconds", profile.launchOverheadMicroseconds},
          {"microseconds", profile.microseconds},
          {"bound", profile.bound},
          {"busy_cycles", busy},
          {"gm_bytes_read", profile.gmBytesRead},
          {"gm_bytes_read_from_l2", profile.gmBytesReadFromL2},
          {"gm_bytes_written", profile.gmBytesWritten},
          {"gm_bandwidth_gbps", profile.gmBandwidthGBps},
          {"peak_gm_bandwidth_gbps", profile.peakGmBandwidthGBps},
          {"timing_only", profile.timingOnly},
          {"notes", profile.notes}};
}

std::string Summary(const LaunchProfile& profile) {
  std::string busy;
  for (size_t pipe = 0; pipe < kHwPipeCount; ++pipe) {
    if (profile.busyCycles[pipe] == 0) continue;
    busy += Format("%s%s %llu", busy.empty() ? "" : ", ", HwPipeName(HwPipe(pipe)),
                   static_cast<unsigned long long>(profile.busyCycles[pipe]));
  }
  const double share =
      profile.peakGmBandwidthGBps > 0 ? 100 * profile.gmBandwidthGBps / profile.peakGmBandwidthGBps : 0;
  std::string text = Format(
      "akgen-sim profile: %s on %s, %u blocks on %u cores (%u wave%s)%s\n"
      "  time: %.2f us on the device (%llu cycles at %.0f MHz) + %.1f us launch = %.2f us\n"
      "  bound: %s; busy cycles of the critical block: %s\n"
      "  GM: %.3f MB read (%.3f MB of it from L2), %.3f MB written; %.1f GB/s, HBM's peak %.1f GB/s (%.1f%%)\n",
      profile.kernel.c_str(), profile.soc.c_str(), profile.blockDim, profile.cores, profile.waves,
      profile.waves == 1 ? "" : "s", profile.timingOnly ? ", timing only" : "",
      double(profile.cycles) / profile.clockMhz, static_cast<unsigned long long>(profile.cycles), profile.clockMhz,
      profile.launchOverheadMicroseconds, profile.microseconds, profile.bound.c_str(), busy.c_str(),
      double(profile.gmBytesRead) / 1e6, double(profile.gmBytesReadFromL2) / 1e6, double(profile.gmBytesWritten) / 1e6,
      profile.gmBandwidthGBps, profile.peakGmBandwidthGBps, share);
  for (const std::string& note : profile.notes) text += "  note: " + note + "\n";
  return text;
}

std::vector<LaunchProfile> TakeLaunchProfiles() {
  std::vector<LaunchProfile> taken;
  taken.swap(Published());
  return taken;
}

void SetSyncMode(SyncMode mode) { CurrentProfileSettings().syncMode = mode; }
SyncMode CurrentSyncMode() { return CurrentProfileSettings().syncMode; }
void SetTimingOnly(bool timingOnly) { CurrentProfileSettings().timingOnly = timingOnly; }
bool TimingOnly() { return CurrentProfileSettings().timingOnly; }
void SetTimelineFile(const std::string& path) { CurrentProfileSettings().timelineFile = path; }

double RooflineMicroseconds(const RooflineWork& work) {
  const host::SocSpec& soc = host::CurrentSoc();
  const CostTable& costs = CurrentCostTable();
  const double cyclesPerMicrosecond = costs.clockMhz;
  const double memory = double(work.gmBytes) / HbmBytesPerCycle(soc);
  const double vector = double(work.vectorBytes) / (costs.vectorBytesPerCyclePerCore * soc.aivNum);
  const double cube = double(work.cubeFlops) / (costs.cubeFlopsPerCyclePerCore * soc.aicNum);
  return costs.launchOverheadMicroseconds + std::max({memory, vector, cube}) / cyclesPerMicrosecond;
}

}  // namespace ascendc_sim
