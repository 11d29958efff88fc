#include "craft/check/temporaries.h"

#include <algorithm>

#include "craft/check/cast_path.h"

namespace akgen::craft {
namespace {

// A cast through intermediates keeps each in its own 32-byte aligned region (a cast that keeps a
// 1-byte dtype copies through f16, unless the lowering rebinds it instead). The lowering sizes
// one scratch for every combination, so the need is the largest combination's in all of them.
std::optional<TempNeed> CastTempNeed(const std::string& operand, const std::vector<Dtype>& operandDtypes,
                                     const std::vector<Dtype>& resultDtypes) {
  int64_t bytes = 0;
  int64_t regions = 0;
  for (size_t k = 0; k < operandDtypes.size() && k < resultDtypes.size(); ++k) {
    const std::optional<std::vector<CastStep>> path = operandDtypes[k] == resultDtypes[k]
                                                          ? ByteCopyPath(operandDtypes[k])
                                                          : CastPath(operandDtypes[k], resultDtypes[k]);
    if (!path) continue;
    bytes = std::max(bytes, CastScratchBytesPerElement(*path));
    regions = std::max(regions, CastScratchRegions(*path));
  }
  if (regions == 0) return std::nullopt;
  TempNeed need;
  need.sizedLike = operand;
  need.eighthBytesPerElement.assign(operandDtypes.size(), 8 * bytes);
  need.fixedBytes = 32 * regions;
  return need;
}

}  // namespace

std::optional<TempNeed> TempNeedOf(Primitive primitive, const std::string& operand,
                                   const std::vector<Dtype>& operandDtypes, const std::vector<Dtype>& resultDtypes) {
  if (primitive == Primitive::Cast) return CastTempNeed(operand, operandDtypes, resultDtypes);
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
    case Primitive::Sin:
    case Primitive::Cos:
      need.alignedRegions = 3;  // three intermediates (erf's polynomial; the trigonometric reduction)
      break;
    case Primitive::Tan:
      need.alignedRegions = 4;  // the reduction's three and the blend of sin and cos
      break;
    case Primitive::Asin:
    case Primitive::Acos:
    case Primitive::Atan:
      need.alignedRegions = 2;  // the argument being halved and its square
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
    case Primitive::ArgmaxRows:
    case Primitive::ArgminRows:
      // A NaN flag per element of the operand, then as the row reductions below, and four 4-byte
      // results per row for short rows (a row takes 32 bytes or more: half a byte per operand byte).
      // The same bytes first hold the work of the tile's any-NaN reduction: two elements per
      // 256-byte repeat of the flags (a 32nd of a byte per flag byte at most), plus a block.
      need.alignedRegions = 1;
      need.rowStrides = 1;
      need.fixedBytes = 32 + 128;
      for (size_t k = 0; k < operandDtypes.size(); ++k) need.eighthBytesPerElement[k] = 4 * DtypeBytes(operandDtypes[k]);
      break;
    case Primitive::SumRows:
    case Primitive::MaxRows:
    case Primitive::MinRows:
    case Primitive::SoftmaxRows:
      // Rows are reduced one at a time: one row of work space and a 32-byte result block.
      need.rowStrides = 1;
      need.fixedBytes = 32;
      break;
    case Primitive::SortRows:
      // Per row, W = align_up(row, 32) of: the values, their u32 indices and two buffers of 8-byte
      // pairs the merge rounds alternate between, W * (S + 20) bytes; a 1-D row of C elements has
      // W <= C + 31, within C * (S + 21) + 1024.
      need.rowBytesPerElement.assign(operandDtypes.size(), 0);
      for (size_t k = 0; k < operandDtypes.size(); ++k) need.rowBytesPerElement[k] = DtypeBytes(operandDtypes[k]) + 21;
      need.fixedBytes = 1024;
      break;
    case Primitive::Gather:
      // Sized like the destination: a u32 byte offset per element it receives.
      need.eighthBytesPerElement.assign(operandDtypes.size(), 4 * 8);
      break;
    case Primitive::CumsumRows:
    case Primitive::CumprodRows:
      // From 16 rows on, a lane per row: twice the operand's elements of lanes and of int32 offsets.
      need.alignedRegions = 2;
      need.eighthBytesPerElement.assign(operandDtypes.size(), 8 * 8);
      need.fixedBytes = 64;
      break;
    case Primitive::MergeRows:
      // Sized like the destination (K pairs a row): the merge of up to K pairs of each operand, 2K pairs.
      need.rowStrides = 2;
      need.fixedBytes = 64;
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
  const int64_t rowBytes = combination < need.rowBytesPerElement.size() ? need.rowBytesPerElement[combination] : 0;
  return need.alignedRegions * region + need.eighthBytesPerElement[combination] * capacity / 8 +
         need.rowStrides * rowStride * operandBytes + rowBytes * rowStride + need.fixedBytes;
}

}  // namespace akgen::craft
