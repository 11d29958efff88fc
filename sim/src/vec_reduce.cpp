// Reduction vector instructions: ReduceSum/Max/Min with a work buffer, and the per-repeat,
// per-block and per-pair level-0 reductions.
//
// Summation order (what the fp16 results depend on), after CANN's ReduceSum documentation:
// - Inside one repeat, the lanes (masked-off lanes count as 0) are added as the binary tree of
//   tree_sum.h. BlockReduceSum uses the same tree over the lanes of each 32-byte block,
//   PairReduceSum is its first level.
// - ReduceSum's count form (A2 "mode 2") adds the per-repeat sums sequentially:
//   ((s0 + s1) + s2) + ...; its level-0 form (A2 "mode 1") reduces the per-repeat sums again with
//   the same tree, 256 bytes of them at a time, until one is left.
#include <type_traits>
#include <vector>

#include "ascendc_sim/vec_reduce.h"
#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "local_memory.h"
#include "tree_sum.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kRepeatBytes = 256;
constexpr uint32_t kMaxLanes = 128;
constexpr int32_t kMaxStrideField = 65535;
constexpr uint32_t kMaxHalfIndex = 65535;

uint64_t RoundUp(uint64_t value, uint64_t multiple) { return (value + multiple - 1) / multiple * multiple; }
uint64_t CeilDiv(uint64_t value, uint64_t divisor) { return (value + divisor - 1) / divisor; }

bool Better(ReduceOp op, float candidate, float best) { return op == ReduceOp::kMax ? candidate > best : candidate < best; }

// The result of reducing some lanes: the value and, for Max/Min, the first lane holding it.
struct LaneResult {
  float value = 0.0f;
  uint32_t index = 0;
  bool active = false;
};

template <class T>
LaneResult ReduceLanes(ReduceOp op, float* values, const bool* active, uint32_t count) {
  LaneResult result;
  for (uint32_t lane = 0; lane < count; ++lane) {
    if (!active[lane]) continue;
    if (!result.active || Better(op, values[lane], result.value)) result = {values[lane], lane, true};
  }
  if (op == ReduceOp::kSum && result.active) result.value = TreeSum<T>(values, count);
  return result;
}

// The repeat and stride arguments as a VecShape, rejecting values no instruction field can hold.
VecShape ShapeWithStrides(const VecShape& mask, const ReduceParams& params, const Site& site) {
  if (params.repeatTime < 0) {
    RaiseError("bad-parameter", site, Format("repeatTime %d is negative", params.repeatTime));
  }
  const struct {
    const char* name;
    int32_t value;
  } strides[] = {{"srcBlkStride", params.srcBlkStride}, {"srcRepStride", params.srcRepStride},
                 {"dstRepStride", params.dstRepStride}};
  for (const auto& stride : strides) {
    if (stride.value < 0 || stride.value > kMaxStrideField) {
      RaiseError("bad-parameter", site,
                 Format("%s %d is outside [0, %d]", stride.name, stride.value, kMaxStrideField));
    }
  }
  VecShape shape = mask;
  shape.repeatTimes = uint32_t(params.repeatTime);
  shape.src0BlkStride = uint16_t(params.srcBlkStride);
  shape.src0RepStride = uint16_t(params.srcRepStride);
  return shape;
}

// The source operand of a reduction and the elements the shape selects from it.
struct SourceWalk {
  ElementPlan plan;
  VecOperand operand;
};

// `longRepeats`: ReduceSum/Max/Min loop over repeats in software, so their repeatTime may exceed
// the 255 one instruction takes; the engine plans one repeat and the count is restored after.
template <class T>
SourceWalk PlanSource(const LocalRef& src, const VecShape& shape, bool longRepeats, const Site& site) {
  VecShape planned = shape;
  if (longRepeats && planned.repeatTimes > 0) planned.repeatTimes = 1;
  SourceWalk walk{PlanElements(planned, sizeof(T), site),
                  {&src, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false}};
  if (longRepeats && !walk.plan.counter) walk.plan.repeats = shape.repeatTimes;
  CheckOperands(walk.plan, &walk.operand, 1, site);
  return walk;
}

// Loads one repeat's lanes (0 where inactive) and reports whether any lane is active.
template <class T>
bool ReadRepeat(const SourceWalk& walk, uint64_t repeat, float* values, bool* active, const Site& site) {
  bool any = false;
  for (uint32_t lane = 0; lane < walk.plan.lanesPerRepeat; ++lane) {
    active[lane] = walk.plan.LaneActive(repeat, lane);
    values[lane] = 0.0f;
    if (!active[lane]) continue;
    const uint8_t* address = walk.operand.ref->address + ElementOffset(walk.operand, repeat, lane);
    CheckInitialized(address, sizeof(T), site);
    values[lane] = Load<T>(address);
    any = true;
  }
  return any;
}

// Checks that `ref` is live, holds `bytes` and starts on an `alignment`-byte boundary.
void CheckOutput(const LocalRef& ref, const char* name, uint64_t bytes, uint32_t alignment, const Site& site) {
  CheckTensor(ref, ref.address, bytes, false, site);
  Memory memory;
  uint64_t offset = 0;
  CurrentBlock().Locate(ref.address, 0, memory, offset);
  if (offset % alignment != 0) {
    RaiseError("misaligned-address", site,
               Format("%s starts %llu bytes into %s, which is not %u-byte aligned as this instruction requires", name,
                      static_cast<unsigned long long>(offset), Info(memory).name, alignment));
  }
}

template <class U>
void WriteRaw(const LocalRef& ref, uint64_t byteOffset, U value) {
  StoreRaw<U>(ref.address + byteOffset, value);
  MarkWritten(ref.address + byteOffset, sizeof(U));
}

template <class T>
void WriteValue(const LocalRef& ref, uint64_t byteOffset, float value) {
  WriteRaw<T>(ref, byteOffset, T(value));
}

// Indexes are integer bit patterns in a slot of the element type.
template <class T>
using IndexBits = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

template <class T>
void WriteIndex(const LocalRef& ref, uint64_t byteOffset, uint32_t index) {
  WriteRaw<IndexBits<T>>(ref, byteOffset, IndexBits<T>(index));
}

// Elements of sharedTmpBuffer ReduceSum/Max/Min need (CANN A2 rules from the ReduceSum/ReduceMax docs):
// - ReduceSum: RoundUp(firstRepeats, elementsPerBlock), firstRepeats = max(1, count / perRepeat)
//   for the count form and repeatTime for the level-0 form.
// - ReduceMax/Min without index: the first round's [value, index] pairs, RoundUp(2 * repeats, perBlock).
// - With index every round's pairs are kept so the global index can be rebuilt: round k+1 has
//   ceil(2 * repeats_k / perRepeat) repeats, until one is left; each round is block-aligned.
//   (For 768 fp16 repeats: 1536 + 32 + 16 = 1584 elements, matching CANN's three-round formula.)
uint64_t TmpElementsNeeded(ReduceOp op, bool countForm, const ElementPlan& plan, bool calIndex, uint32_t perBlock) {
  const uint32_t perRepeat = plan.lanesPerRepeat;
  if (op == ReduceOp::kSum) {
    const uint64_t firstRepeats = countForm ? plan.countTotal / perRepeat : plan.repeats;
    return RoundUp(firstRepeats > 1 ? firstRepeats : 1, perBlock);
  }
  uint64_t repeats = plan.repeats;
  uint64_t total = RoundUp(2 * repeats, perBlock);
  while (calIndex && repeats > 1) {
    repeats = CeilDiv(2 * repeats, perRepeat);
    total += RoundUp(2 * repeats, perBlock);
  }
  return total;
}

template <class T>
void ReduceWithTmpTyped(ReduceOp op, const LocalRef& dst, const LocalRef& src, const LocalRef& tmp,
                        const VecShape& shape, bool calIndex, const Site& site) {
  const bool countForm = shape.mode == VecShape::Mode::kCount;
  const SourceWalk walk = PlanSource<T>(src, shape, !countForm, site);
  const uint64_t repeats = walk.plan.repeats;
  if (repeats == 0) return;
  const uint32_t perRepeat = walk.plan.lanesPerRepeat;
  const uint32_t perBlock = kBlockBytes / sizeof(T);

  const uint64_t needed = TmpElementsNeeded(op, countForm, walk.plan, calIndex, perBlock);
  if (tmp.bytes < needed * sizeof(T)) {
    RaiseError("bad-parameter", site,
               Format("sharedTmpBuffer holds %u elements but this call needs at least %llu (%llu bytes); enlarge "
                      "the work buffer",
                      unsigned(tmp.bytes / sizeof(T)), static_cast<unsigned long long>(needed),
                      static_cast<unsigned long long>(needed * sizeof(T))));
  }
  CheckTensor(tmp, tmp.address, needed * sizeof(T), true, site);
  const uint64_t lastIndex = (walk.plan.counter ? walk.plan.countTotal : repeats * perRepeat) - 1;
  if (calIndex && sizeof(T) == 2 && lastIndex > kMaxHalfIndex) {
    RaiseError("bad-parameter", site,
               Format("calIndex with half holds indexes up to %u but this call covers %llu elements; reduce in "
                      "chunks or use float",
                      kMaxHalfIndex, static_cast<unsigned long long>(lastIndex + 1)));
  }
  CheckOutput(dst, "dst", (calIndex ? 2 : 1) * sizeof(T), sizeof(T), site);
  const MemAccess accesses[] = {OnChipAccess(src.address, OperandExtent(walk.plan, walk.operand), false),
                                OnChipAccess(tmp.address, needed * sizeof(T), true),
                                OnChipAccess(dst.address, (calIndex ? 2 : 1) * sizeof(T), true)};
  RecordVector(VecCost::kReduce, sizeof(T), repeats, accesses, 3, site);

  std::vector<float> results(repeats);
  std::vector<uint32_t> lanes(repeats);
  float values[kMaxLanes];
  bool active[kMaxLanes];
  for (uint64_t repeat = 0; repeat < repeats; ++repeat) {
    // The mask is the same every repeat (or a count), so no active lane means none anywhere: a NOP.
    if (!ReadRepeat<T>(walk, repeat, values, active, site)) return;
    const LaneResult result = ReduceLanes<T>(op, values, active, perRepeat);
    results[repeat] = result.value;
    lanes[repeat] = result.index;
  }

  if (op == ReduceOp::kSum) {
    // Count form: the full repeats' sums land in tmp, the tail stays in a register.
    const uint64_t stored = countForm ? (needed < repeats ? needed : repeats) : repeats;
    for (uint64_t i = 0; i < stored; ++i) WriteValue<T>(tmp, i * sizeof(T), results[i]);
    float total = results[0];
    if (countForm) {
      for (uint64_t i = 1; i < repeats; ++i) total = AddInType<T>(total, results[i]);
    } else {
      std::vector<float> level = results;
      while (level.size() > 1) {
        std::vector<float> next(CeilDiv(level.size(), perRepeat));
        for (size_t group = 0; group < next.size(); ++group) {
          for (uint32_t lane = 0; lane < perRepeat; ++lane) {
            const size_t i = group * perRepeat + lane;
            values[lane] = i < level.size() ? level[i] : 0.0f;
          }
          next[group] = TreeSum<T>(values, perRepeat);
          WriteValue<T>(tmp, group * sizeof(T), next[group]);
        }
        level.swap(next);
      }
      total = level[0];
    }
    WriteValue<T>(dst, 0, total);
    // On A2 the count form is vcadd's accumulate mode, so GetAccVal reads its total too.
    if (countForm) CurrentBlock().accumulatorBits = ScalarBits(T(total));
    return;
  }

  uint64_t best = 0;
  for (uint64_t repeat = 0; repeat < repeats; ++repeat) {
    WriteValue<T>(tmp, 2 * repeat * sizeof(T), results[repeat]);
    WriteIndex<T>(tmp, (2 * repeat + 1) * sizeof(T), lanes[repeat]);
    if (Better(op, results[repeat], results[best])) best = repeat;
  }
  if (calIndex) {
    // Later rounds reduce the previous round's values (every other lane of its pairs), each round
    // stored after the last; an index is the lane of the value within the round's repeat.
    const uint32_t pairsPerRepeat = perRepeat / 2;
    uint64_t offset = RoundUp(2 * repeats, perBlock);
    std::vector<float> level = results;
    while (level.size() > 1) {
      std::vector<float> next(CeilDiv(level.size(), pairsPerRepeat));
      for (size_t group = 0; group < next.size(); ++group) {
        size_t first = group * pairsPerRepeat;
        const size_t end = first + pairsPerRepeat < level.size() ? first + pairsPerRepeat : level.size();
        size_t winner = first;
        for (size_t i = first + 1; i < end; ++i) winner = Better(op, level[i], level[winner]) ? i : winner;
        next[group] = level[winner];
        WriteValue<T>(tmp, (offset + 2 * group) * sizeof(T), level[winner]);
        WriteIndex<T>(tmp, (offset + 2 * group + 1) * sizeof(T), uint32_t(2 * (winner - first)));
      }
      offset += RoundUp(2 * next.size(), perBlock);
      level.swap(next);
    }
  }
  const uint32_t globalIndex = uint32_t(best * perRepeat + lanes[best]);
  WriteValue<T>(dst, 0, results[best]);
  if (calIndex) WriteIndex<T>(dst, sizeof(T), globalIndex);
  BlockState& block = CurrentBlock();
  block.reduceMaxMinValueBits = ScalarBits(T(results[best]));
  block.reduceMaxMinIndexBits = ScalarBits(IndexBits<T>(globalIndex));
}

// Where one group's result goes: value and index byte offsets within the group's output slot.
struct OutputSlot {
  uint32_t bytes;
  int32_t valueAt;  // -1: not written
  int32_t indexAt;  // -1: not written
  uint32_t indexBytes;
};

template <class T>
OutputSlot SlotFor(ReduceOp op, ReduceGroup group, AscendC::ReduceOrder order) {
  const int32_t size = int32_t(sizeof(T));
  if (op == ReduceOp::kSum || group != ReduceGroup::kRepeat) return {sizeof(T), 0, -1, 0};
  switch (order) {
    case AscendC::ReduceOrder::ORDER_VALUE_INDEX: return {2 * sizeof(T), 0, size, sizeof(T)};
    case AscendC::ReduceOrder::ORDER_INDEX_VALUE: return {2 * sizeof(T), size, 0, sizeof(T)};
    case AscendC::ReduceOrder::ORDER_ONLY_VALUE: return {sizeof(T), 0, -1, 0};
    case AscendC::ReduceOrder::ORDER_ONLY_INDEX: return {sizeof(uint32_t), -1, 0, sizeof(uint32_t)};
  }
  return {sizeof(T), 0, -1, 0};
}

struct PendingOutput {
  uint64_t offset;
  float value;
  uint32_t index;
};

template <class T>
void ReduceGroupsTyped(ReduceOp op, ReduceGroup group, const LocalRef& dst, const LocalRef& src, const VecShape& shape,
                       uint32_t dstRepStride, AscendC::ReduceOrder order, const Site& site) {
  const SourceWalk walk = PlanSource<T>(src, shape, false, site);
  const uint32_t perRepeat = walk.plan.lanesPerRepeat;
  const uint32_t groupLanes = group == ReduceGroup::kRepeat ? perRepeat
                              : group == ReduceGroup::kBlock ? kBlockBytes / sizeof(T)
                                                             : 2;
  const OutputSlot slot = SlotFor<T>(op, group, order);
  // dstRepStride counts whole repeat outputs: one slot (WholeReduce), 16/32 bytes (BlockReduce),
  // 128 bytes (PairReduce). dst alignment is that size, at most 32 bytes.
  const uint32_t repeatOutputBytes = slot.bytes * (perRepeat / groupLanes);
  const uint32_t alignment = repeatOutputBytes < kBlockBytes ? repeatOutputBytes : kBlockBytes;

  // Compute everything first so dst may alias src within a repeat, then check and write dst.
  std::vector<PendingOutput> outputs;
  uint64_t end = 0;
  float values[kMaxLanes];
  bool active[kMaxLanes];
  // WholeReduceMax/Min also leave the best value of the whole instruction and its element index
  // (repeat * lanes per repeat + lane, the first on ties) in the register GetReduceMaxMinCount reads.
  const bool setsMaxMinRegister = op != ReduceOp::kSum && group == ReduceGroup::kRepeat;
  LaneResult best;
  for (uint64_t repeat = 0; repeat < walk.plan.repeats; ++repeat) {
    ReadRepeat<T>(walk, repeat, values, active, site);
    for (uint32_t first = 0; first < perRepeat; first += groupLanes) {
      const LaneResult result = ReduceLanes<T>(op, values + first, active + first, groupLanes);
      if (!result.active) continue;  // a fully masked group leaves its dst unchanged (A2)
      const uint64_t offset = repeat * dstRepStride * repeatOutputBytes + first / groupLanes * slot.bytes;
      outputs.push_back({offset, result.value, result.index});
      end = offset + slot.bytes > end ? offset + slot.bytes : end;
      if (setsMaxMinRegister && (!best.active || Better(op, result.value, best.value)))
        best = {result.value, uint32_t(repeat * perRepeat + result.index), true};
    }
  }
  if (outputs.empty()) return;
  if (setsMaxMinRegister) {
    BlockState& block = CurrentBlock();
    block.reduceMaxMinValueBits = ScalarBits(T(best.value));
    block.reduceMaxMinIndexBits = ScalarBits(IndexBits<T>(best.index));
  }
  CheckOutput(dst, "dst", end, alignment, site);
  const MemAccess accesses[] = {OnChipAccess(src.address, OperandExtent(walk.plan, walk.operand), false),
                                OnChipAccess(dst.address, end, true)};
  RecordVector(VecCost::kReduce, sizeof(T), walk.plan.repeats, accesses, 2, site);
  for (const PendingOutput& output : outputs) {
    if (slot.valueAt >= 0) WriteValue<T>(dst, output.offset + uint32_t(slot.valueAt), output.value);
    if (slot.indexAt < 0) continue;
    if (slot.indexBytes == sizeof(uint32_t)) {
      WriteRaw<uint32_t>(dst, output.offset + uint32_t(slot.indexAt), output.index);
    } else {
      WriteIndex<T>(dst, output.offset + uint32_t(slot.indexAt), output.index);
    }
  }
}

// vcadd in accumulate mode: each repeat's lanes are added as a tree, the repeat sums one after
// another (as ReduceSum's count form, which is this instruction on A2), and the total replaces
// ACC_VAL; nothing is written to memory. No active lane at all leaves a total of 0.
template <class T>
void SumToAccumulatorTyped(const LocalRef& src, const VecShape& shape, const Site& site) {
  const SourceWalk walk = PlanSource<T>(src, shape, false, site);
  const uint64_t repeats = walk.plan.repeats;
  float total = 0.0f;
  float values[kMaxLanes];
  bool active[kMaxLanes];
  for (uint64_t repeat = 0; repeat < repeats; ++repeat) {
    ReadRepeat<T>(walk, repeat, values, active, site);
    const float sum = ReduceLanes<T>(ReduceOp::kSum, values, active, walk.plan.lanesPerRepeat).value;
    total = repeat == 0 ? sum : AddInType<T>(total, sum);
  }
  if (repeats > 0) {
    const MemAccess access = OnChipAccess(src.address, OperandExtent(walk.plan, walk.operand), false);
    RecordVector(VecCost::kReduce, sizeof(T), repeats, &access, 1, site);
  }
  CurrentBlock().accumulatorBits = ScalarBits(T(total));
}

// Reductions exist for half and float only (the API templates reject other types at compile time).
template <class Visit>
void WithReduceType(DType type, const Site& site, Visit&& visit) {
  switch (type) {
    case DType::kHalf: visit.template operator()<half>(); return;
    case DType::kFloat: visit.template operator()<float>(); return;
    default: RaiseError("bad-parameter", site, Format("%s has no %s form", site.api, DTypeName(type)));
  }
}

}  // namespace

namespace rt {

void ReduceWithTmp(ReduceOp op, DType type, const LocalRef& dst, const LocalRef& src, const LocalRef& tmp,
                   const VecShape& shape, const ReduceParams& params, bool calIndex, Site site) {
  const VecShape walked = shape.mode == VecShape::Mode::kCount ? shape : ShapeWithStrides(shape, params, site);
  WithReduceType(type, site, [&]<class T>() { ReduceWithTmpTyped<T>(op, dst, src, tmp, walked, calIndex, site); });
}

void ReduceGroups(ReduceOp op, ReduceGroup group, DType type, const LocalRef& dst, const LocalRef& src,
                  const VecShape& mask, const ReduceParams& params, AscendC::ReduceOrder order, Site site) {
  const VecShape shape = ShapeWithStrides(mask, params, site);
  WithReduceType(type, site, [&]<class T>() {
    ReduceGroupsTyped<T>(op, group, dst, src, shape, uint32_t(params.dstRepStride), order, site);
  });
}

void ReduceSumToAccumulator(DType type, const LocalRef& src, const VecShape& mask, const ReduceParams& params,
                            Site site) {
  const VecShape shape = ShapeWithStrides(mask, params, site);
  WithReduceType(type, site, [&]<class T>() { SumToAccumulatorTyped<T>(src, shape, site); });
}

uint64_t AccumulatorBits() { return CurrentBlock().accumulatorBits; }

void ReduceMaxMinRegister(uint64_t& valueBits, uint64_t& indexBits) {
  valueBits = CurrentBlock().reduceMaxMinValueBits;
  indexBits = CurrentBlock().reduceMaxMinIndexBits;
}

}  // namespace rt
}  // namespace ascendc_sim
