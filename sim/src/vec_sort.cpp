// Sort32 and MrgSort on 8-byte (score, index) pairs: the score in the pair's first sizeof(T)
// bytes, the uint32_t index in its last 4 (half pairs have 2 reserved bytes between). Both order
// by score, largest first; equal scores keep their input order (the earlier element, or the pair
// of the lower-numbered run, comes first).
#include "ascendc_sim/vec_sort.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "local_memory.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kPairBytes = 8;
constexpr uint32_t kIndexOffset = 4;
constexpr uint32_t kSortRunLength = 32;  // scores one Sort32 repeat sorts
constexpr uint32_t kMaxMergeRepeat = 255;
constexpr uint32_t kMaxRunLength = 4095;  // the instruction's 12-bit length fields
constexpr uint32_t kRunAlignment = 8;     // MrgSort's sources: one pair (CANN's MrgSort page)
constexpr uint32_t kRunsPerMerge = AscendC::MRG_SORT_ELEMENT_LEN;

float ScoreAt(DType type, const uint8_t* address) {
  return type == DType::kHalf ? float(LoadRaw<half>(address)) : LoadRaw<float>(address);
}

// Whether score a goes before score b. NaN goes before every number: the documentation does not
// say where the hardware puts it (assumed, as torch.topk ranks NaN largest).
bool RanksBefore(float a, float b) {
  if (std::isnan(a)) return !std::isnan(b);
  return !std::isnan(b) && a > b;
}

// VMS4_SR of each block. It belongs with the block's other registers (BlockState, launch_state.h);
// until then it is kept here, by block state object.
std::unordered_map<const BlockState*, uint64_t>& MergedCountRegisters() {
  static std::unordered_map<const BlockState*, uint64_t> registers;
  return registers;
}

uint64_t UbOffset(const uint8_t* address) { return OnChipAccess(address, 0, false).begin; }

uint32_t RunsTakingPart(uint16_t validBit, const Site& site) {
  switch (validBit) {
    case 0b11:
      return 2;
    case 0b111:
      return 3;
    case 0b1111:
      return 4;
  }
  RaiseError("bad-parameter", site,
             Format("validBit %u is not 0b11, 0b111 or 0b1111 (3, 7 or 15): the runs merged are the first 2, 3 or "
                    "4 of the list",
                    unsigned(validBit)));
}

// repeatTimes > 1 walks four equal runs stored back to back, with no suspension (CANN's MrgSort
// page); anything else would merge memory the caller did not describe.
void CheckMergeRepeat(const MergeSettings& settings, const LocalRef* runs, uint32_t runCount, const Site& site) {
  if (settings.repeatTimes < 1 || uint32_t(settings.repeatTimes) > kMaxMergeRepeat) {
    RaiseError("bad-parameter", site,
               Format("repeatTimes %d is outside [1, %u]", settings.repeatTimes, kMaxMergeRepeat));
  }
  if (settings.repeatTimes == 1) return;
  const char* why = nullptr;
  if (runCount != kRunsPerMerge) {
    why = "validBit is not 0b1111";
  } else if (settings.exhaustedSuspension) {
    why = "ifExhaustedSuspension is true";
  } else {
    for (uint32_t i = 1; i < kRunsPerMerge && why == nullptr; ++i) {
      if (settings.lengths[i] != settings.lengths[0]) why = "the runs' elementLengths differ";
      const uint8_t* expected = runs[i - 1].address + uint64_t(settings.lengths[0]) * kPairBytes;
      if (why == nullptr && runs[i].address != expected) why = "the runs are not stored back to back";
    }
  }
  if (why != nullptr) {
    RaiseError("bad-parameter", site,
               Format("repeatTimes %d needs four runs of equal length stored back to back and "
                      "ifExhaustedSuspension false, but %s; merge with repeatTimes 1 per call instead",
                      settings.repeatTimes, why));
  }
}

// The pairs a merge took from each run: what VMS4_SR reports.
struct MergeResult {
  uint16_t taken[kRunsPerMerge] = {0, 0, 0, 0};
};

// Appends the merge of `runCount` runs starting at `heads` to `out`.
MergeResult MergeRuns(DType type, const uint8_t* const* heads, const uint16_t* lengths, uint32_t runCount,
                      bool exhaustedSuspension, std::vector<uint8_t>& out) {
  MergeResult result;
  auto exhausted = [&](uint32_t run) { return result.taken[run] == lengths[run]; };
  for (;;) {
    int best = -1;
    float bestScore = 0;
    for (uint32_t run = 0; run < runCount; ++run) {
      if (exhausted(run)) {
        if (exhaustedSuspension) return result;
        continue;
      }
      const float score = ScoreAt(type, heads[run] + uint64_t(result.taken[run]) * kPairBytes);
      if (best < 0 || RanksBefore(score, bestScore)) {
        best = int(run);
        bestScore = score;
      }
    }
    if (best < 0) return result;
    const uint8_t* pair = heads[best] + uint64_t(result.taken[best]) * kPairBytes;
    out.insert(out.end(), pair, pair + kPairBytes);
    ++result.taken[best];
  }
}

}  // namespace

namespace rt {

void VecSort32(DType type, const LocalRef& dst, const LocalRef& scores, const LocalRef& indices, int32_t repeatTime,
               Site site) {
  if (repeatTime < 0 || uint32_t(repeatTime) > kMaxRepeatTimes) {
    RaiseError("bad-parameter", site,
               Format("repeatTime %d is outside [0, %u]; a repeat sorts %u scores, so one call sorts at most %u",
                      repeatTime, kMaxRepeatTimes, kSortRunLength, kMaxRepeatTimes * kSortRunLength));
  }
  const uint32_t scoreBytes = DTypeBytes(type);
  const uint64_t count = uint64_t(repeatTime) * kSortRunLength;
  CheckTensor(dst, dst.address, count * kPairBytes, true, site, "dst");
  CheckTensor(scores, scores.address, count * scoreBytes, true, site, "src0");
  CheckTensor(indices, indices.address, count * sizeof(uint32_t), true, site, "src1");
  const MemAccess accesses[] = {OnChipAccess(scores.address, count * scoreBytes, false),
                                OnChipAccess(indices.address, count * sizeof(uint32_t), false),
                                OnChipAccess(dst.address, count * kPairBytes, true)};
  RecordVector(VecCost::kSort, scoreBytes, uint64_t(repeatTime), accesses, 3, site);
  if (SkipsDataWork() || count == 0) return;
  CheckInitialized(scores.address, count * scoreBytes, site);
  CheckInitialized(indices.address, count * sizeof(uint32_t), site);
  // Built apart from dst so a dst overlapping the sources reads them unchanged.
  std::vector<uint8_t> pairs(count * kPairBytes, 0);  // half's 2 reserved bytes: 0 (assumed)
  std::vector<uint32_t> order(kSortRunLength);
  for (uint64_t run = 0; run < uint64_t(repeatTime); ++run) {
    const uint64_t first = run * kSortRunLength;
    for (uint32_t i = 0; i < kSortRunLength; ++i) order[i] = i;
    auto score = [&](uint32_t i) { return ScoreAt(type, scores.address + (first + i) * scoreBytes); };
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return RanksBefore(score(a), score(b)); });
    for (uint32_t i = 0; i < kSortRunLength; ++i) {
      uint8_t* pair = pairs.data() + (first + i) * kPairBytes;
      std::memcpy(pair, scores.address + (first + order[i]) * scoreBytes, scoreBytes);
      std::memcpy(pair + kIndexOffset, indices.address + (first + order[i]) * sizeof(uint32_t), sizeof(uint32_t));
    }
  }
  std::memcpy(dst.address, pairs.data(), pairs.size());
  MarkWritten(dst.address, pairs.size());
}

void VecMrgSort(DType type, const LocalRef& dst, const LocalRef* runs, const MergeSettings& settings, Site site) {
  const uint32_t runCount = RunsTakingPart(settings.validBit, site);
  for (uint32_t i = 0; i < runCount; ++i) {
    if (settings.lengths[i] > kMaxRunLength) {
      RaiseError("bad-parameter", site,
                 Format("elementLengths[%u] = %u is over %u pairs", i, unsigned(settings.lengths[i]), kMaxRunLength));
    }
  }
  CheckMergeRepeat(settings, runs, runCount, site);
  const uint64_t repeats = uint64_t(settings.repeatTimes);
  uint64_t pairsPerRepeat = 0;
  for (uint32_t i = 0; i < runCount; ++i) pairsPerRepeat += settings.lengths[i];
  const uint64_t repeatBytes = pairsPerRepeat * kPairBytes;
  MemAccess accesses[kRunsPerMerge + 1];
  const char* const names[kRunsPerMerge] = {"src1", "src2", "src3", "src4"};
  for (uint32_t i = 0; i < runCount; ++i) {
    const uint64_t extent = (repeats - 1) * repeatBytes + uint64_t(settings.lengths[i]) * kPairBytes;
    CheckTensor(runs[i], runs[i].address, extent, false, site, names[i]);
    if (UbOffset(runs[i].address) % kRunAlignment != 0) {
      RaiseError("misaligned-address", site,
                 Format("%s starts at UB offset %llu, which is not a multiple of %u bytes (one pair)", names[i],
                        static_cast<unsigned long long>(UbOffset(runs[i].address)), kRunAlignment));
    }
    accesses[i] = OnChipAccess(runs[i].address, extent, false);
  }
  CheckTensor(dst, dst.address, 0, true, site, "dst");
  std::vector<uint8_t> merged;
  MergeResult last;
  if (SkipsDataWork()) {
    merged.resize(repeats * repeatBytes);  // nothing is computed: charged as a full merge
  } else {
    for (uint32_t i = 0; i < runCount; ++i) {
      CheckInitialized(runs[i].address, (repeats - 1) * repeatBytes + uint64_t(settings.lengths[i]) * kPairBytes, site);
    }
    for (uint64_t repeat = 0; repeat < repeats; ++repeat) {
      const uint8_t* heads[kRunsPerMerge] = {};
      for (uint32_t i = 0; i < runCount; ++i) heads[i] = runs[i].address + repeat * repeatBytes;
      last = MergeRuns(type, heads, settings.lengths, runCount, settings.exhaustedSuspension, merged);
    }
  }
  CheckTensor(dst, dst.address, merged.size(), true, site, "dst");
  accesses[runCount] = OnChipAccess(dst.address, merged.size(), true);
  RecordVector(VecCost::kMerge, DTypeBytes(type), (merged.size() + 255) / 256, accesses, runCount + 1, site);
  uint64_t& merges = MergedCountRegisters()[&CurrentBlock()];
  merges = 0;
  for (uint32_t i = 0; i < kRunsPerMerge; ++i) merges |= uint64_t(last.taken[i]) << (16 * i);
  if (SkipsDataWork()) return;
  std::memcpy(dst.address, merged.data(), merged.size());
  MarkWritten(dst.address, merged.size());
}

uint64_t MergedCountRegister() {
  const auto found = MergedCountRegisters().find(&CurrentBlock());
  return found == MergedCountRegisters().end() ? 0 : found->second;
}

}  // namespace rt
}  // namespace ascendc_sim
