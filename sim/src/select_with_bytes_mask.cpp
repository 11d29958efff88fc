// SelectWithBytesMask: every element is chosen by its mask element's value (0 picks src0). The
// data work is exact; the cost is the passes the NPU runs: GatherMask (only when the mask rows are
// longer than the source rows), Cast of the mask to half, Compare with 0 and Select.
#include "ascendc_sim/adv_api/select_with_bytes_mask.h"

#include <vector>

#include "ascendc_sim/adv_api/tmp_space_sizes.h"
#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "local_memory.h"
#include "tmp_space.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kMaskElementMultiple = 16;

void CheckShape(const AscendC::SelectWithBytesMaskShapeInfo& shape, uint32_t elementBytes, uint32_t maskBytes,
                const Site& site) {
  if (uint64_t(shape.srcLastAxis) * elementBytes % kBlockBytes != 0) {
    RaiseError("bad-parameter", site,
               Format("srcLastAxis %u is %llu bytes, not a whole number of 32-byte blocks", shape.srcLastAxis,
                      static_cast<unsigned long long>(uint64_t(shape.srcLastAxis) * elementBytes)));
  }
  if (uint64_t(shape.maskLastAxis) * maskBytes % kBlockBytes != 0 || shape.maskLastAxis % kMaskElementMultiple != 0) {
    RaiseError(
        "bad-parameter", site,
        Format("maskLastAxis %u must be a multiple of 16 elements filling whole 32-byte blocks", shape.maskLastAxis));
  }
  if (shape.maskLastAxis < shape.srcLastAxis) {
    RaiseError("bad-parameter", site,
               Format("maskLastAxis %u is shorter than srcLastAxis %u; the mask needs a value per element",
                      shape.maskLastAxis, shape.srcLastAxis));
  }
}

template <class U>
bool MaskIsZero(const uint8_t* address) {
  return Load<U>(address) == 0;
}

}  // namespace

namespace rt {

void SelectWithBytesMask(DType type, DType maskType, const LocalRef& dst, const LocalRef& src, const LocalRef& mask,
                         const LocalRef& tmp, const BytesMaskSelection& selection, Site site) {
  const AscendC::SelectWithBytesMaskShapeInfo& shape = selection.shape;
  const uint32_t elementBytes = DTypeBytes(type);
  const uint32_t maskBytes = DTypeBytes(maskType);
  CheckShape(shape, elementBytes, maskBytes, site);
  const uint64_t elements = uint64_t(shape.firstAxis) * shape.srcLastAxis;
  const uint64_t maskElements = uint64_t(shape.firstAxis) * shape.maskLastAxis;
  if (elements == 0) return;
  CheckTensor(src, src.address, elements * elementBytes, true, site);
  CheckTensor(mask, mask.address, maskElements * maskBytes, true, site);
  CheckTensor(dst, dst.address, elements * elementBytes, true, site);
  const MemAccess tmpAccess = CheckSharedTmpBuffer(
      tmp, SelectWithBytesMaskRowTmpBytes(shape.srcLastAxis, shape.maskLastAxis, maskBytes, selection.isReuseMask),
      site);

  const MemAccess maskRead = OnChipAccess(mask.address, maskElements * maskBytes, false);
  if (shape.maskLastAxis != shape.srcLastAxis) {
    const MemAccess gather[] = {maskRead, tmpAccess};
    RecordVectorPass(VecCost::kCompareSelect, maskBytes, maskElements, gather, 2, site);
  }
  const MemAccess convert[] = {maskRead, tmpAccess};
  RecordVectorPass(VecCost::kConvert, sizeof(half), elements, convert, 2, site);
  RecordVectorPass(VecCost::kCompareSelect, sizeof(half), elements, &tmpAccess, 1, site);
  const MemAccess select[] = {OnChipAccess(src.address, elements * elementBytes, false), tmpAccess,
                              OnChipAccess(dst.address, elements * elementBytes, true)};
  RecordVectorPass(VecCost::kCompareSelect, elementBytes, elements, select, 3, site);
  if (SkipsDataWork()) return;

  CheckInitialized(src.address, elements * elementBytes, site);
  std::vector<bool> zero(elements);
  WithType(maskType, [&]<class U>() {
    for (uint64_t row = 0; row < shape.firstAxis; ++row) {
      for (uint64_t column = 0; column < shape.srcLastAxis; ++column) {
        const uint8_t* address = mask.address + (row * shape.maskLastAxis + column) * maskBytes;
        CheckInitialized(address, maskBytes, site);
        zero[row * shape.srcLastAxis + column] = MaskIsZero<U>(address);
      }
    }
  });
  // dst may be the source tensor: every element is read before it is written.
  const std::vector<uint8_t> source(src.address, src.address + elements * elementBytes);
  const uint8_t* scalar = reinterpret_cast<const uint8_t*>(&selection.scalarBits);
  for (uint64_t i = 0; i < elements; ++i) {
    const bool takesScalar = zero[i] == selection.scalarIsSrc0;
    const uint8_t* from = takesScalar ? scalar : source.data() + i * elementBytes;
    for (uint32_t byte = 0; byte < elementBytes; ++byte) dst.address[i * elementBytes + byte] = from[byte];
  }
  MarkWritten(dst.address, elements * elementBytes);
}

}  // namespace rt
}  // namespace ascendc_sim
