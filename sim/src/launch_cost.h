// The cost model's side of the running launch: the settings it runs under, each block's share of
// HBM bandwidth, and the finished blocks' times, which become the launch's profile.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "cost_table.h"
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
  std::vector<BlockTimes> blocks_;
  std::vector<std::string> notes_;
  std::set<std::string> noted_;
};

}  // namespace ascendc_sim
