#include "craft/check/temporaries.h"

namespace akgen::craft {

std::optional<TempNeed> TempNeedOf(Primitive primitive, const std::string& operand,
                                   const std::vector<Dtype>& operandDtypes) {
  if (!InfoOf(primitive).needsTemporary) return std::nullopt;
  size_t combinations = operandDtypes.size();
  TempNeed need;
  need.sizedLike = operand;
  need.bytesPerElement.assign(combinations, 0);
  need.bytesPerRow.assign(combinations, 0);
  need.bytesPerColumn.assign(combinations, 0);
  for (size_t k = 0; k < combinations; ++k) {
    int64_t size = DtypeBytes(operandDtypes[k]);
    switch (primitive) {
      case Primitive::SoftmaxRows:
        // A float32 working copy of the rows, and each row's max and sum in a 32-byte block.
        need.bytesPerElement[k] = 4;
        need.bytesPerRow[k] = 64;
        break;
      case Primitive::SumRows:
      case Primitive::MaxRows:
      case Primitive::MinRows:
        // Rows are reduced one at a time; ReduceSum/ReduceMax need less than one row of work space.
        need.bytesPerColumn[k] = size;
        break;
      case Primitive::SumAll:
      case Primitive::MaxAll:
        // Bounds ReduceSum's RoundUp(count / perRepeat, perBlock) elements from above.
        need.bytesPerElement[k] = size;
        break;
      default:
        // Sigmoid, tanh, gelu, erf, pow: two float32 intermediates per element, enough for the f16
        // path, which widens to float32.
        need.bytesPerElement[k] = 8;
        break;
    }
  }
  return need;
}

int64_t TempBytes(const TempNeed& need, size_t combination, int64_t rows, int64_t columns) {
  int64_t bytes = need.bytesPerElement[combination] * rows * columns + need.bytesPerRow[combination] * rows +
                  need.bytesPerColumn[combination] * columns;
  return (bytes + 31) / 32 * 32;
}

}  // namespace akgen::craft
