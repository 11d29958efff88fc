// The cost model's side of the running launch: the settings it runs under, each block's share of
// HBM and L2 bandwidth, the L2 cache's contents, and the finished blocks' times, which become the launch's profile.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "cost_table.h"
#include "l2_cache.h"
#include "launch_profile.h"
#include "pipe_timeline.h"

namespace ascendc_sim {

class LaunchCost {
 public:
  explicit LaunchCost(uint32_t blockDim);

  const CostTable& Costs() const { return costs_; }
  SyncMode Mode() const { return mode_; }
  bool TimingOnly() const { return timingOnly_; }
  bool KeepSegments() const { return keepSegments_; }
  // GM bytes per cycle one block's DMA may use: its engine's rate, or its share of HBM when the
  // cores active at once ask for more than HBM delivers.
  double GmShareBytesPerCycle() const { return gmShare_; }
  // The same for reads the L2 cache serves.
  double L2ShareBytesPerCycle() const { return l2Share_; }
  // GM bytes per cycle for the part of a read that L2 does not serve: HBM bandwidth divided among
  // the cores whose latest reads miss L2, each counted by the fraction of its latest read that
  // missed (`missFraction` for `core`'s read now). Cores that share their data mostly hit L2 and
  // leave HBM to the few that miss.
  double HbmShareForRead(uint32_t core, double missFraction);
  L2Cache& L2() { return l2_; }

  void AddBlock(int64_t index, BlockTimes times);
  // The cores each block runs: `cube` cube cores (0 or 1), then `vector` vector cores. A block's
  // cores share one AI core; a vector-only block of one core runs on a vector core of its own.
  void SetCoreLayout(uint32_t cube, uint32_t vector);
  // Why the estimate may be off (once per distinct note).
  void Note(std::string note);
  // Completes the profile, keeps it for TakeLaunchProfiles and prints or writes what the
  // environment asks for.
  void Publish(const char* kernelName);

 private:
  const CostTable& costs_;
  uint32_t blockDim_;
  uint32_t coresPerBlock_ = 1;
  uint32_t cores_;
  SyncMode mode_;
  bool timingOnly_;
  bool keepSegments_;
  double gmShare_;
  double l2Share_;
  L2Cache l2_;
  std::vector<double> readMisses_;  // per core, the fraction of its latest GM read that missed L2
  double missingCores_ = 0;         // their sum over the running cores
  std::vector<BlockTimes> blocks_;
  std::vector<std::string> notes_;
  std::set<std::string> noted_;
};

}  // namespace ascendc_sim
