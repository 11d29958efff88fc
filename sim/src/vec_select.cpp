// Select between two operands by mask bits.
#include "ascendc_sim/vec_select.h"

#include <cstring>
#include <optional>

#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

using AscendC::SELMODE;

void CheckMode(uint8_t selMode, const SelectSources& sources, const Site& site) {
  if (selMode > uint8_t(SELMODE::VSEL_TENSOR_TENSOR_MODE)) {
    RaiseError("bad-parameter", site, Format("SELMODE value %u is not a SELMODE", selMode));
  }
  const bool scalarMode = SELMODE(selMode) == SELMODE::VSEL_TENSOR_SCALAR_MODE;
  if (scalarMode != sources.src1IsScalar) {
    RaiseError("bad-parameter", site,
               sources.src1IsScalar
                   ? "Select with a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE"
                   : "SELMODE::VSEL_TENSOR_SCALAR_MODE needs a scalar src1; with a tensor src1 use "
                     "VSEL_TENSOR_TENSOR_MODE (or VSEL_CMPMASK_SPR)");
  }
}

}  // namespace

namespace rt {

void VecSelect(DType type, uint8_t selMode, const LocalRef& dst, const LocalRef& selMask, const LocalRef& src0,
               const LocalRef& src1, const SelectSources& sources, const VecShape& shape, Site site) {
  CheckMode(selMode, sources, site);
  const bool fromRegister = SELMODE(selMode) == SELMODE::VSEL_CMPMASK_SPR;
  const uint32_t elementBytes = DTypeBytes(type);
  const ElementPlan plan = PlanElements(shape, elementBytes, site);
  uint64_t* reg = CurrentBlock().cmpMask;
  const uint8_t* maskBytes = reinterpret_cast<const uint8_t*>(reg);
  std::optional<MemAccess> maskAccess;
  if (!sources.maskFromRegister) {
    // Mode 0 loads one repeat's bits into CMPMASK (as CANN's level-2 Select does via SetCmpMask);
    // the tensor modes read one bit per element of the whole walk.
    const uint64_t maskBits = fromRegister ? plan.lanesPerRepeat
                                           : (plan.counter ? plan.countTotal : plan.repeats * plan.lanesPerRepeat);
    const uint64_t bytes = (maskBits + 7) / 8;
    if (plan.repeats > 0) {
      CheckTensor(selMask, selMask.address, bytes, true, site);
      CheckInitialized(selMask.address, bytes, site);
      maskAccess = OnChipAccess(selMask.address, bytes, false);
    }
    if (fromRegister && plan.repeats > 0) {
      reg[0] = reg[1] = 0;
      std::memcpy(reg, selMask.address, bytes);
    } else {
      maskBytes = selMask.address;
    }
  }
  WithType(type, [&]<class T>() {
    if constexpr (kIsOneOf<T, half, float>) {
      const T scalar = LoadRaw<T>(reinterpret_cast<const uint8_t*>(&sources.scalarBits));
      VecOperand operands[3] = {
          {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, false, true},
          {&src0, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false},
          {&src1, sizeof(T), shape.src1BlkStride, shape.src1RepStride, true, false},
      };
      const int operandCount = sources.src1IsScalar ? 2 : 3;
      ForEachElement(VecCost::kCompareSelect, shape, operands, operandCount, site, maskAccess ? &*maskAccess : nullptr,
                     [&](const uint64_t* offsets, uint64_t repeat, uint32_t lane) {
        const uint64_t bit = fromRegister ? lane : repeat * plan.lanesPerRepeat + lane;
        const bool pickSrc0 = (maskBytes[bit / 8] >> (bit % 8)) & 1;
        const T chosen = pickSrc0 ? LoadRaw<T>(src0.address + offsets[1])
                                  : (sources.src1IsScalar ? scalar : LoadRaw<T>(src1.address + offsets[2]));
        StoreRaw<T>(dst.address + offsets[0], chosen);
      });
    }
  });
}

}  // namespace rt
}  // namespace ascendc_sim
