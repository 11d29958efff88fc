#include "craft/check/temporaries.h"

namespace akgen::craft {

std::optional<TempNeed> TempNeedOf(Primitive primitive, const std::string& operand,
                                   const std::vector<Dtype>& operandDtypes) {
  if (!InfoOf(primitive).needsTemporary) return std::nullopt;
  TempNeed need;
  need.sizedLike = operand;
  need.eighthBytesPerElement.assign(operandDtypes.size(), 0);
  switch (primitive) {
    case Primitive::Gelu:
    case Primitive::SumAll:
    case Primitive::MaxAll:
      need.alignedRegions = 1;  // one operand-sized intermediate
      break;
    case Primitive::Erf:
      need.alignedRegions = 3;  // its polynomial keeps three intermediates
      break;
    case Primitive::Select:
      // Two bytes per element for the widened mask, and the mask's bits.
      need.eighthBytesPerElement.assign(operandDtypes.size(), 2 * 8 + 1);
      break;
    case Primitive::IsFinite:
      // Compares against both infinities (two half-size tiles and two bit masks) and an operand copy.
      for (size_t k = 0; k < operandDtypes.size(); ++k)
        need.eighthBytesPerElement[k] = 4 * 8 + 2 + 8 * DtypeBytes(operandDtypes[k]);
      break;
    case Primitive::SumRows:
    case Primitive::MaxRows:
    case Primitive::MinRows:
    case Primitive::SoftmaxRows:
      // Rows are reduced one at a time: one row of work space and a 32-byte result block.
      need.rowStrides = 1;
      need.fixedBytes = 32;
      break;
    default:
      // Compares: two half-size tiles and the bit mask.
      need.eighthBytesPerElement.assign(operandDtypes.size(), 4 * 8 + 1);
      break;
  }
  return need;
}

int64_t TempBytes(const TempNeed& need, size_t combination, int64_t operandBytes, int64_t capacity, int64_t rowStride) {
  int64_t region = (capacity * operandBytes + 31) / 32 * 32;
  return need.alignedRegions * region + need.eighthBytesPerElement[combination] * capacity / 8 +
         need.rowStrides * rowStride * operandBytes + need.fixedBytes;
}

}  // namespace akgen::craft
