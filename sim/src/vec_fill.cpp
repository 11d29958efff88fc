// Fill instructions (Duplicate, CreateVecIndex, Brcb) and the multiply-accumulate walk shared by
// Axpy and the mixed-precision MulAddDst.
#include "ascendc_sim/vec_fill.h"

#include <type_traits>

#include "element.h"
#include "instruction_record.h"
#include "local_memory.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

template <class T>
T FromBits(const uint64_t& bits) {
  return LoadRaw<T>(reinterpret_cast<const uint8_t*>(&bits));
}

template <class D, class S>
void MultiplyAccumulate(const LocalRef& dst, const LocalRef& src0, const LocalRef* src1, uint64_t scalarBits,
                        const VecShape& shape, const Site& site) {
  VecOperand operands[3] = {
      {&dst, sizeof(D), shape.dstBlkStride, shape.dstRepStride, true, true},
      {&src0, sizeof(S), shape.src0BlkStride, shape.src0RepStride, true, false},
      {src1 ? src1 : &src0, sizeof(S), shape.src1BlkStride, shape.src1RepStride, true, false},
  };
  const float scalar = float(FromBits<S>(scalarBits));
  // Axpy in one type (src1 == nullptr, D == S) rounds the product to that type before the add, as
  // Muls then Add would: CANN documents its high-level Axpy, built from Muls and Add, as the *more*
  // precise one, so the instruction is no more precise than two roundings (ForeachAddList's half
  // answer matches torch's `a + b * alpha` only this way). The mixed half->float form keeps the
  // exact product, which is its purpose.
  const bool roundProduct = src1 == nullptr && std::is_same_v<D, S>;
  ForEachElement(VecCost::kBinary, shape, operands, src1 ? 3 : 2, site, [&](const uint64_t* offsets) {
    const float factor = src1 ? float(Load<S>(src1->address + offsets[2])) : scalar;
    float product = float(Load<S>(src0.address + offsets[1])) * factor;
    if (roundProduct) product = float(S(product));
    Store<D>(dst.address + offsets[0], Load<D>(dst.address + offsets[0]) + product);
  });
}

}  // namespace

namespace rt {

void VecDuplicate(DType type, const LocalRef& dst, uint64_t scalarBits, const VecShape& shape, Site site) {
  WithType(type, [&]<class T>() {
    VecOperand operand = {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, false, true};
    const T value = FromBits<T>(scalarBits);
    ForEachElement(VecCost::kSimple, shape, &operand, 1, site,
                   [&](const uint64_t* offsets) { StoreRaw<T>(dst.address + offsets[0], value); });
  });
}

// The element at position i of the walk (repeat * lanes + lane) is first + i, computed in the wide
// type and rounded once.
void VecCreateIndex(DType type, const LocalRef& dst, uint64_t firstValueBits, const VecShape& shape, Site site) {
  WithType(type, [&]<class T>() {
    VecOperand operand = {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, false, true};
    const Wide<T> first = Wide<T>(FromBits<T>(firstValueBits));
    const uint64_t lanesPerRepeat = 256 / sizeof(T);
    ForEachElement(VecCost::kSimple, shape, &operand, 1, site, [&](const uint64_t* offsets, uint64_t repeat, uint32_t lane) {
      Store<T>(dst.address + offsets[0], first + Wide<T>(repeat * lanesPerRepeat + lane));
    });
  });
}

// Brcb takes no mask: every repeat writes 8 whole blocks whatever the mask register holds.
void VecBroadcastToBlocks(DType type, const LocalRef& dst, const LocalRef& src, uint32_t repeatTimes,
                          uint16_t dstBlkStride, uint16_t dstRepStride, Site site) {
  if (repeatTimes == 0) return;
  WithType(type, [&]<class T>() {
    constexpr uint32_t kBlockBytes = 32;
    constexpr uint32_t kElementsPerRepeat = 8;
    const uint64_t srcBytes = uint64_t(repeatTimes) * kElementsPerRepeat * sizeof(T);
    const uint64_t lastBlock =
        uint64_t(repeatTimes - 1) * dstRepStride + uint64_t(kElementsPerRepeat - 1) * dstBlkStride;
    CheckTensor(src, src.address, srcBytes, true, site);
    CheckTensor(dst, dst.address, (lastBlock + 1) * kBlockBytes, true, site);
    const MemAccess accesses[] = {OnChipAccess(src.address, srcBytes, false),
                                  OnChipAccess(dst.address, (lastBlock + 1) * kBlockBytes, true)};
    RecordVector(VecCost::kSimple, sizeof(T), repeatTimes, accesses, 2, site);
    if (SkipsDataWork()) return;
    const uint8_t* srcEnd = src.address + srcBytes;
    for (uint32_t repeat = 0; repeat < repeatTimes; ++repeat) {
      for (uint32_t j = 0; j < kElementsPerRepeat; ++j) {
        const uint8_t* from = src.address + (uint64_t(repeat) * kElementsPerRepeat + j) * sizeof(T);
        uint8_t* block = dst.address + (uint64_t(repeat) * dstRepStride + uint64_t(j) * dstBlkStride) * kBlockBytes;
        if (block < srcEnd && src.address < block + kBlockBytes) {
          RaiseError("bad-parameter", site,
                     Format("dst block %u of repeat %u overlaps src; Brcb's src and dst must not alias, use "
                            "separate buffers",
                            j, repeat));
        }
        CheckInitialized(from, sizeof(T), site);
        const T value = LoadRaw<T>(from);
        for (uint32_t k = 0; k < kBlockBytes / sizeof(T); ++k) StoreRaw<T>(block + k * sizeof(T), value);
        MarkWritten(block, kBlockBytes);
      }
    }
  });
}

void VecMultiplyAccumulate(DType dstType, DType srcType, const LocalRef& dst, const LocalRef& src0,
                           const LocalRef* src1, uint64_t scalarBits, const VecShape& shape, Site site) {
  if (dstType == DType::kHalf && srcType == DType::kHalf) {
    MultiplyAccumulate<half, half>(dst, src0, src1, scalarBits, shape, site);
  } else if (dstType == DType::kFloat && srcType == DType::kFloat) {
    MultiplyAccumulate<float, float>(dst, src0, src1, scalarBits, shape, site);
  } else if (dstType == DType::kFloat && srcType == DType::kHalf) {
    MultiplyAccumulate<float, half>(dst, src0, src1, scalarBits, shape, site);
  } else {
    RaiseError("bad-parameter", site,
               Format("no multiply-accumulate for dst %s with sources %s; use (half, half), (float, float) or "
                      "(float, half)",
                      DTypeName(dstType), DTypeName(srcType)));
  }
}

}  // namespace rt
}  // namespace ascendc_sim
