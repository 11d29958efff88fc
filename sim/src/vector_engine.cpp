#include "vector_engine.h"

#include "instruction_record.h"
#include "launch_cost.h"

#include "diagnostics.h"

namespace ascendc_sim {

// The mask is a register, not an instruction operand: a level-0 call with isSetMask=true writes it
// (SetVectorMask) and leaves it set, and CANN's level-2 wrapper runs SetMaskCount, SetVectorMask(0,
// count), the instruction, then ResetMask and SetMaskNorm. Later isSetMask=false calls see the result.
ElementPlan PlanElements(const VecShape& shape, uint32_t laneBytes, const Site& site) {
  MaskRegister& mask = CurrentBlock().mask;
  ElementPlan plan;
  plan.lanesPerRepeat = 256 / laneBytes;
  using Mode = VecShape::Mode;
  if (shape.mode == Mode::kCount || mask.counterMode) {
    plan.counter = true;
    switch (shape.mode) {
      case Mode::kCount:
        plan.countTotal = shape.count;
        mask = MaskRegister{};
        break;
      case Mode::kMaskLength:
        plan.countTotal = shape.count;
        mask.bits[0] = shape.count;
        mask.bits[1] = 0;
        break;
      case Mode::kMaskBits:
        plan.countTotal = shape.maskBits[0];
        mask.bits[0] = shape.maskBits[0];
        mask.bits[1] = shape.maskBits[1];
        break;
      case Mode::kMaskRegister: plan.countTotal = mask.bits[0]; break;
    }
    plan.repeats = (plan.countTotal + plan.lanesPerRepeat - 1) / plan.lanesPerRepeat;
    return plan;
  }
  if (shape.repeatTimes > kMaxRepeatTimes) {
    RaiseError("bad-parameter", site,
               Format("repeatTime %u is over the limit of %u; split the call or use the count form", shape.repeatTimes,
                      kMaxRepeatTimes));
  }
  plan.repeats = shape.repeatTimes;
  const uint32_t maskLanes = plan.lanesPerRepeat < 128 ? plan.lanesPerRepeat : 128;
  switch (shape.mode) {
    case Mode::kMaskLength:
      if (shape.count > maskLanes) {
        RaiseError("bad-parameter", site,
                   Format("mask %llu is over the %u elements one repeat of %u-byte elements holds",
                          static_cast<unsigned long long>(shape.count), maskLanes, laneBytes));
      }
      for (uint32_t lane = 0; lane < shape.count; ++lane) plan.mask[lane / 64] |= uint64_t(1) << (lane % 64);
      break;
    case Mode::kMaskBits:
      plan.mask[0] = shape.maskBits[0];
      plan.mask[1] = maskLanes > 64 ? shape.maskBits[1] : 0;
      if (maskLanes <= 64 && shape.maskBits[1] != 0) {
        RaiseError("bad-parameter", site, "mask[1] must be 0 for 32-bit elements (only mask[0] is used)");
      }
      break;
    case Mode::kMaskRegister:
      plan.mask[0] = mask.bits[0];
      plan.mask[1] = maskLanes > 64 ? mask.bits[1] : 0;
      break;
    case Mode::kCount: break;
  }
  if (shape.mode != Mode::kMaskRegister) {
    mask.bits[0] = plan.mask[0];
    mask.bits[1] = plan.mask[1];
  }
  return plan;
}

uint64_t OperandExtent(const ElementPlan& plan, const VecOperand& operand) {
  uint64_t end = 0;
  if (plan.repeats == 0) return end;
  const uint64_t lastRepeat = plan.repeats - 1;
  // The furthest element lies in the last repeat (or, in counter mode, at the last counted lane).
  for (uint64_t repeat = lastRepeat > 0 ? lastRepeat - 1 : 0; repeat <= lastRepeat; ++repeat) {
    for (uint32_t lane = 0; lane < plan.lanesPerRepeat; ++lane) {
      if (!plan.LaneActive(repeat, lane)) continue;
      const uint64_t elementEnd = ElementOffset(operand, repeat, lane) + operand.elementBytes;
      end = elementEnd > end ? elementEnd : end;
    }
  }
  return end;
}

void CheckOperands(const ElementPlan& plan, VecOperand* operands, int count, const Site& site) {
  if (plan.repeats == 0) return;
  for (int i = 0; i < count; ++i) CheckTensor(*operands[i].ref, operands[i].ref->address, OperandExtent(plan, operands[i]), true, site);
}

void RecordVectorInstruction(VecCost cost, const ElementPlan& plan, uint32_t laneBytes, const VecOperand* operands,
                             int count, const MemAccess* extra, const Site& site) {
  // Runs once per vector instruction, so a fixed array rather than an allocation.
  MemAccess accesses[kMaxWalkOperands + 1];
  size_t used = 0;
  for (int i = 0; i < count; ++i) {
    // A write check covers a read of the same bytes, so a read-and-written operand is one access.
    accesses[used++] = OnChipAccess(operands[i].ref->address, OperandExtent(plan, operands[i]), operands[i].write);
  }
  if (extra != nullptr) accesses[used++] = *extra;
  RecordVector(cost, laneBytes, plan.repeats, accesses, used, site);
}

bool SkipsDataWork() { return CurrentLaunchCost().TimingOnly(); }

bool IsContiguous(const ElementPlan& plan, const VecOperand* operands, int count) {
  if (!plan.counter) return false;
  for (int i = 0; i < count; ++i) {
    const uint64_t repeatBytes = uint64_t(plan.lanesPerRepeat) * operands[i].elementBytes;
    const bool wholeBlocks = 32 % operands[i].elementBytes == 0;
    if (!wholeBlocks || operands[i].blkStride != 1 || uint64_t(operands[i].repStride) * 32 != repeatBytes) return false;
  }
  return true;
}

namespace rt {

void SetMaskCounterMode(bool counter) { CurrentBlock().mask.counterMode = counter; }

void SetVectorMaskBits(uint64_t high, uint64_t low) {
  CurrentBlock().mask.bits[0] = low;
  CurrentBlock().mask.bits[1] = high;
}

void SetVectorMaskLength(int32_t len, uint32_t elementBytes, Site site) {
  const int32_t lanes = int32_t(256 / elementBytes) < 128 ? int32_t(256 / elementBytes) : 128;
  if (len < 0 || len > lanes) {
    RaiseError("bad-parameter", site,
               Format("mask length %d is outside [0, %d] for %u-byte elements; in counter mode use "
                      "SetVectorMask<T, MaskMode::COUNTER>(len)",
                      len, lanes, elementBytes));
  }
  uint64_t bits[2] = {0, 0};
  for (int32_t lane = 0; lane < len; ++lane) bits[lane / 64] |= uint64_t(1) << (lane % 64);
  SetVectorMaskBits(bits[1], bits[0]);
}

void ResetVectorMask() {
  CurrentBlock().mask.bits[0] = ~uint64_t(0);
  CurrentBlock().mask.bits[1] = ~uint64_t(0);
}

}  // namespace rt
}  // namespace ascendc_sim
