// The element walk shared by all vector instructions: level-2 counts and level-0 masks, repeats
// and strides, with the address, bounds, liveness and initialisation checks.
#pragma once
#include <cstdint>
#include <type_traits>
#include <utility>

#include "ascendc_sim/vec_runtime.h"
#include "cost_table.h"
#include "launch_state.h"
#include "local_memory.h"

namespace ascendc_sim {

// The largest repeat count a vector instruction's 8-bit field holds.
inline constexpr uint32_t kMaxRepeatTimes = 255;

struct VecOperand {
  const LocalRef* ref;
  uint32_t elementBytes;
  uint16_t blkStride;
  uint16_t repStride;
  bool read;
  bool write;
};

// The elements one instruction touches: `lanes[i]` is the lane of element i within its repeat.
struct ElementPlan {
  uint32_t lanesPerRepeat = 0;
  uint64_t repeats = 0;
  uint64_t countTotal = 0;  // counter mode: elements overall; normal mode: unused
  bool counter = false;
  uint64_t mask[2] = {0, 0};
  bool LaneActive(uint64_t repeat, uint32_t lane) const {
    if (counter) return repeat * lanesPerRepeat + lane < countTotal;
    return lane < 128 ? (mask[lane / 64] >> (lane % 64)) & 1u : false;
  }
};

// Resolves the shape against the block's mask register and validates it.
ElementPlan PlanElements(const VecShape& shape, uint32_t laneBytes, const Site& site);

// Byte offset of element (repeat, lane) for an operand.
inline uint64_t ElementOffset(const VecOperand& operand, uint64_t repeat, uint32_t lane) {
  const uint32_t perBlock = 32 / operand.elementBytes;
  return repeat * operand.repStride * 32ull + uint64_t(lane / perBlock) * operand.blkStride * 32ull +
         uint64_t(lane % perBlock) * operand.elementBytes;
}

// Bytes from an operand's start to the end of its furthest element.
uint64_t OperandExtent(const ElementPlan& plan, const VecOperand& operand);

// Checks every operand's extent, then calls visit(offsets) for each active element in order.
void CheckOperands(const ElementPlan& plan, VecOperand* operands, int count, const Site& site);

// True when every operand's elements lie back to back from its start (level 2, default strides):
// then the checks run once per operand range instead of once per element.
bool IsContiguous(const ElementPlan& plan, const VecOperand* operands, int count);

// Issues the instruction on the vector pipe: its cost from the plan's repeats, its operands' byte
// ranges for the hazard checker.
inline constexpr int kMaxWalkOperands = 4;
// `extra`, when not null, is an operand the element walk does not cover: a Compare result or a
// Select mask, both bit tensors.
void RecordVectorInstruction(VecCost cost, const ElementPlan& plan, uint32_t laneBytes, const VecOperand* operands,
                             int count, const MemAccess* extra, const Site& site);
// Timing-only runs skip the data work of vector instructions and copies.
bool SkipsDataWork();

template <class Visit>
void VisitElement(Visit& visit, const uint64_t* offsets, uint64_t repeat, uint32_t lane) {
  // Visitors that need the element's position (bit-packed operands) also take (repeat, lane).
  if constexpr (std::is_invocable_v<Visit&, const uint64_t*, uint64_t, uint32_t>) {
    visit(offsets, repeat, lane);
  } else {
    visit(offsets);
  }
}

template <class Visit>
void ForEachElement(VecCost cost, const VecShape& shape, VecOperand* operands, int count, const Site& site,
                    const MemAccess* extra, Visit&& visit) {
  uint32_t laneBytes = 1;
  for (int i = 0; i < count; ++i) laneBytes = operands[i].elementBytes > laneBytes ? operands[i].elementBytes : laneBytes;
  const ElementPlan plan = PlanElements(shape, laneBytes, site);
  if (shape.mode == VecShape::Mode::kCount) {
    // Level 2 reads and writes every operand back to back, whatever its width.
    for (int i = 0; i < count; ++i) {
      operands[i].blkStride = 1;
      operands[i].repStride = uint16_t(plan.lanesPerRepeat * operands[i].elementBytes / 32);
    }
  }
  CheckOperands(plan, operands, count, site);
  RecordVectorInstruction(cost, plan, laneBytes, operands, count, extra, site);
  if (SkipsDataWork()) return;
  uint64_t offsets[kMaxWalkOperands] = {};
  if (IsContiguous(plan, operands, count)) {
    for (int i = 0; i < count; ++i) {
      if (operands[i].read) CheckInitialized(operands[i].ref->address, plan.countTotal * operands[i].elementBytes, site);
    }
    for (uint64_t element = 0; element < plan.countTotal; ++element) {
      for (int i = 0; i < count; ++i) offsets[i] = element * operands[i].elementBytes;
      VisitElement(visit, offsets, element / plan.lanesPerRepeat, uint32_t(element % plan.lanesPerRepeat));
    }
    for (int i = 0; i < count; ++i) {
      if (operands[i].write) MarkWritten(operands[i].ref->address, plan.countTotal * operands[i].elementBytes);
    }
    return;
  }
  for (uint64_t repeat = 0; repeat < plan.repeats; ++repeat) {
    for (uint32_t lane = 0; lane < plan.lanesPerRepeat; ++lane) {
      if (!plan.LaneActive(repeat, lane)) continue;
      for (int i = 0; i < count; ++i) {
        offsets[i] = ElementOffset(operands[i], repeat, lane);
        const uint8_t* address = operands[i].ref->address + offsets[i];
        if (operands[i].read) CheckInitialized(address, operands[i].elementBytes, site);
      }
      VisitElement(visit, offsets, repeat, lane);
      for (int i = 0; i < count; ++i) {
        if (operands[i].write) MarkWritten(operands[i].ref->address + offsets[i], operands[i].elementBytes);
      }
    }
  }
}

template <class Visit>
void ForEachElement(VecCost cost, const VecShape& shape, VecOperand* operands, int count, const Site& site,
                    Visit&& visit) {
  ForEachElement(cost, shape, operands, count, site, nullptr, std::forward<Visit>(visit));
}

}  // namespace ascendc_sim
