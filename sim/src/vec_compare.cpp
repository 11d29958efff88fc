// Compare / CompareScalar and the CMPMASK register.
#include "ascendc_sim/vec_compare.h"

#include <cstring>
#include <vector>

#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

using AscendC::CMPMODE;

constexpr uint32_t kCmpMaskBytes = 16;

template <class W>
bool Holds(CMPMODE mode, W a, W b) {
  switch (mode) {
    case CMPMODE::LT: return a < b;
    case CMPMODE::GT: return a > b;
    case CMPMODE::EQ: return a == b;
    case CMPMODE::LE: return a <= b;
    case CMPMODE::GE: return a >= b;
    case CMPMODE::NE: return a != b;
  }
  return false;
}

void CheckMode(uint8_t cmpMode, DType type, const Site& site) {
  if (cmpMode > uint8_t(CMPMODE::NE)) RaiseError("bad-parameter", site, Format("CMPMODE value %u is not a CMPMODE", cmpMode));
  if (type == DType::kInt32 && CMPMODE(cmpMode) != CMPMODE::EQ) {
    RaiseError("bad-parameter", site,
               "int32_t supports only CMPMODE::EQ on Atlas A2; Cast the operands to float to compare their order");
  }
}

// Walks src0 (and src1 unless comparing with the scalar) and reports each result bit's index.
// `resultBits` is the bit tensor the results go to, or null (for the hazard checker).
template <class Sink>
void CompareElements(CMPMODE mode, DType type, const LocalRef& src0, const LocalRef* src1, uint64_t scalarBits,
                     const VecShape& shape, const MemAccess* resultBits, const Site& site, Sink&& sink) {
  WithType(type, [&]<class T>() {
    if constexpr (kIsOneOf<T, half, float, int32_t>) {
      const T scalar = LoadRaw<T>(reinterpret_cast<const uint8_t*>(&scalarBits));
      const uint32_t lanesPerRepeat = 256 / sizeof(T);
      VecOperand operands[2] = {
          {&src0, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false},
          {src1, sizeof(T), shape.src1BlkStride, shape.src1RepStride, true, false},
      };
      ForEachElement(VecCost::kCompareSelect, shape, operands, src1 ? 2 : 1, site, resultBits,
                     [&](const uint64_t* offsets, uint64_t repeat, uint32_t lane) {
        const Wide<T> b = src1 ? Load<T>(src1->address + offsets[1]) : Wide<T>(scalar);
        sink(repeat * lanesPerRepeat + lane, lane, Holds(mode, Load<T>(src0.address + offsets[0]), b));
      });
    }
  });
}

// Result bytes: level 2 packs the first `count` bits; level 0 writes 256/sizeof(T) bits per repeat,
// back to back (the dst strides do not apply to a bit output), masked lanes as 0.
uint64_t ResultBytes(const VecShape& shape, DType type) {
  if (shape.mode == VecShape::Mode::kCount) return (shape.count + 7) / 8;
  return uint64_t(shape.repeatTimes) * (256 / DTypeBytes(type)) / 8;
}

void CompareIntoTensor(uint8_t cmpMode, DType type, const LocalRef& dst, const LocalRef& src0, const LocalRef* src1,
                       uint64_t scalarBits, const VecShape& shape, const Site& site) {
  CheckMode(cmpMode, type, site);
  const uint64_t bytes = ResultBytes(shape, type);
  CheckTensor(dst, dst.address, bytes, true, site);
  std::vector<uint8_t> bits(bytes, 0);
  const MemAccess result = OnChipAccess(dst.address, bytes, true);
  CompareElements(CMPMODE(cmpMode), type, src0, src1, scalarBits, shape, &result, site,
                  [&](uint64_t index, uint32_t, bool holds) {
                    if (index / 8 < bytes) bits[index / 8] |= uint8_t(holds) << (index % 8);
                  });
  if (SkipsDataWork()) return;
  std::memcpy(dst.address, bits.data(), bytes);
  MarkWritten(dst.address, bytes);
}

}  // namespace

namespace rt {

void VecCompare(uint8_t cmpMode, DType type, const LocalRef& dst, const LocalRef& src0, const LocalRef& src1,
                const VecShape& shape, Site site) {
  const uint64_t bytes = shape.count * DTypeBytes(type);
  if (shape.mode == VecShape::Mode::kCount && bytes % 256 != 0) {
    RaiseError("bad-parameter", site,
               Format("Compare count alignment: count*sizeof(%s) = %llu bytes is not a multiple of 256; the hardware "
                      "leaves the tail uncompared, so pad count up to a multiple of %u elements",
                      DTypeName(type), static_cast<unsigned long long>(bytes), 256 / DTypeBytes(type)));
  }
  CompareIntoTensor(cmpMode, type, dst, src0, &src1, 0, shape, site);
}

void VecCompareScalar(uint8_t cmpMode, DType type, const LocalRef& dst, const LocalRef& src0, uint64_t scalarBits,
                      const VecShape& shape, Site site) {
  CompareIntoTensor(cmpMode, type, dst, src0, nullptr, scalarBits, shape, site);
}

void VecCompareToRegister(uint8_t cmpMode, DType type, const LocalRef& src0, const LocalRef& src1,
                          const VecShape& shape, Site site) {
  CheckMode(cmpMode, type, site);
  uint64_t* reg = CurrentBlock().cmpMask;
  reg[0] = reg[1] = 0;  // lanes outside the mask read as 0
  CompareElements(CMPMODE(cmpMode), type, src0, &src1, 0, shape, nullptr, site, [&](uint64_t, uint32_t lane, bool holds) {
    reg[lane / 64] |= uint64_t(holds) << (lane % 64);
  });
}

void GetCmpMask(const LocalRef& dst, Site site) {
  CheckTensor(dst, dst.address, kCmpMaskBytes, true, site);
  const MemAccess access = OnChipAccess(dst.address, kCmpMaskBytes, true);
  RecordVector(VecCost::kSimple, 1, 1, &access, 1, site);
  std::memcpy(dst.address, CurrentBlock().cmpMask, kCmpMaskBytes);
  MarkWritten(dst.address, kCmpMaskBytes);
}

void SetCmpMask(const LocalRef& src, Site site) {
  CheckTensor(src, src.address, kCmpMaskBytes, true, site);
  const MemAccess access = OnChipAccess(src.address, kCmpMaskBytes, false);
  RecordVector(VecCost::kSimple, 1, 1, &access, 1, site);
  CheckInitialized(src.address, kCmpMaskBytes, site);
  std::memcpy(CurrentBlock().cmpMask, src.address, kCmpMaskBytes);
}

}  // namespace rt
}  // namespace ascendc_sim
