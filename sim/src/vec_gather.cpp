// Gather and GatherMask. Their outputs do not follow the lane walk (Gather reads anywhere in src,
// GatherMask packs), so only the regular operands go through the vector engine.
#include "ascendc_sim/vec_gather.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

constexpr uint8_t kFirstBuiltinPattern = 1;
constexpr uint8_t kLastBuiltinPattern = 7;

bool BuiltinPatternKeeps(uint8_t pattern, uint64_t index) {
  switch (pattern) {
    case 1: return index % 2 == 0;
    case 2: return index % 2 == 1;
    case 7: return true;
    default: return index % 4 == uint64_t(pattern - 3);
  }
}

}  // namespace

namespace rt {

void VecGather(DType type, const LocalRef& dst, const LocalRef& src, const LocalRef& srcOffset, uint32_t srcBaseAddr,
               uint32_t count, Site site) {
  const uint32_t elementBytes = DTypeBytes(type);
  CheckTensor(src, src.address, 0, true, site);
  // A repeat takes 256 bytes of uint32_t offsets (64 of them), so it writes 64 elements: 8 blocks of
  // float but only 4 blocks of half.
  const uint16_t dstRepeatBlocks = uint16_t(256 / sizeof(uint32_t) * elementBytes / 32);
  VecOperand operands[2] = {
      {&dst, elementBytes, 1, dstRepeatBlocks, false, true},
      {&srcOffset, sizeof(uint32_t), 1, 8, true, false},
  };
  ForEachElement(VecCost::kCompareSelect, CountShape(count), operands, 2, site, [&](const uint64_t* offsets) {
    uint32_t byteOffset = 0;
    std::memcpy(&byteOffset, srcOffset.address + offsets[1], sizeof(byteOffset));
    const uint64_t sourceOffset = uint64_t(srcBaseAddr) + byteOffset;
    if (sourceOffset % elementBytes != 0) {
      RaiseError("misaligned-address", site,
                 Format("element %llu gathers from byte offset %llu, which is not a multiple of sizeof(%s) = %u; "
                        "srcOffset and srcBaseAddr are byte offsets",
                        static_cast<unsigned long long>(offsets[0] / elementBytes),
                        static_cast<unsigned long long>(sourceOffset), DTypeName(type), elementBytes));
    }
    const uint8_t* source = src.address + sourceOffset;
    CheckTensor(src, source, elementBytes, false, site);
    CheckInitialized(source, elementBytes, site);
    std::memmove(dst.address + offsets[0], source, elementBytes);
  });
}

uint64_t VecGatherMask(DType type, const LocalRef& dst, const LocalRef& src0, const LocalRef& pattern,
                       const GatherMaskShape& shape, Site site) {
  const uint32_t elementBytes = DTypeBytes(type);
  const uint32_t perBlock = 32 / elementBytes;
  const uint32_t lanesPerRepeat = 256 / elementBytes;
  const AscendC::GatherMaskParams& params = shape.params;
  if (!shape.patternTensor &&
      (shape.builtinPattern < kFirstBuiltinPattern || shape.builtinPattern > kLastBuiltinPattern)) {
    RaiseError("bad-parameter", site,
               Format("built-in src1Pattern %u does not exist; Atlas A2 has patterns 1 to 7", shape.builtinPattern));
  }
  if (shape.counterMode && shape.mask == 0) {
    RaiseError("bad-parameter", site, "reduceMode=true (counter mode) needs mask > 0: the elements per repeat");
  }
  const uint64_t perRepeat = shape.counterMode ? shape.mask : lanesPerRepeat;
  const uint64_t repeats = params.repeatTimes;
  // Kept elements are collected first so dst may alias src0 (kernels compact in place).
  std::vector<uint8_t> kept;
  uint64_t srcExtent = 0;
  CheckTensor(dst, dst.address, 0, true, site);
  CheckTensor(src0, src0.address, 0, true, site);
  for (uint64_t repeat = 0; repeat < repeats; ++repeat) {
    const uint8_t* patternBits = nullptr;
    if (shape.patternTensor) {
      patternBits = pattern.address + repeat * params.src1RepeatStride * 32ull;
      const uint64_t patternBytes = (perRepeat + 7) / 8;
      CheckTensor(pattern, patternBits, patternBytes, false, site);
      CheckInitialized(patternBits, patternBytes, site);
    }
    for (uint64_t index = 0; index < perRepeat; ++index) {
      const bool keep = patternBits ? ((patternBits[index / 8] >> (index % 8)) & 1) != 0
                                    : BuiltinPatternKeeps(shape.builtinPattern, index);
      if (!keep) continue;
      const uint8_t* element = src0.address + repeat * params.src0RepeatStride * 32ull +
                               (index / perBlock) * params.src0BlockStride * 32ull + (index % perBlock) * elementBytes;
      CheckTensor(src0, element, elementBytes, false, site);
      CheckInitialized(element, elementBytes, site);
      srcExtent = std::max<uint64_t>(srcExtent, uint64_t(element - src0.address) + elementBytes);
      kept.insert(kept.end(), element, element + elementBytes);
    }
  }
  CheckTensor(dst, dst.address, kept.size(), true, site);
  const MemAccess accesses[] = {OnChipAccess(src0.address, srcExtent, false), OnChipAccess(dst.address, kept.size(), true)};
  RecordVector(VecCost::kCompareSelect, elementBytes, repeats, accesses, 2, site);
  std::memcpy(dst.address, kept.data(), kept.size());
  MarkWritten(dst.address, kept.size());
  CurrentBlock().mask.counterMode = false;  // the instruction leaves the mask in normal mode
  return kept.size() / elementBytes;
}

}  // namespace rt
}  // namespace ascendc_sim
