// Vector-scalar instructions. The scalar arrives as the bits of a T and is widened like an element.
#include <algorithm>

#include "element.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

// Shifts work on the element's bit pattern: logical for unsigned types, arithmetic for signed ones.
template <class T>
Wide<T> Shift(ScalarOp op, Wide<T> x, int64_t amount) {
  if constexpr (kIsFloating<T> || std::is_same_v<T, bool>) {
    return x;
  } else {
    constexpr int64_t kBits = sizeof(T) * 8;
    if (op == ScalarOp::kShiftLeft) return amount >= kBits ? 0 : Wide<T>(uint64_t(x) << amount);
    if (amount >= kBits) return x < 0 ? -1 : 0;
    if (op == ScalarOp::kShiftRightRound && amount > 0) x += Wide<T>(1) << (amount - 1);
    return x >> amount;
  }
}

template <class T>
Wide<T> Apply(ScalarOp op, Wide<T> x, Wide<T> scalar) {
  switch (op) {
    case ScalarOp::kAdds: return x + scalar;
    case ScalarOp::kMuls: return x * scalar;
    case ScalarOp::kMaxs: return std::max(x, scalar);
    case ScalarOp::kMins: return std::min(x, scalar);
    case ScalarOp::kLeakyRelu: return x >= 0 ? x : x * scalar;
    case ScalarOp::kShiftLeft:
    case ScalarOp::kShiftRight:
    case ScalarOp::kShiftRightRound: return Shift<T>(op, x, int64_t(scalar));
  }
  return x;
}

bool IsShift(ScalarOp op) {
  return op == ScalarOp::kShiftLeft || op == ScalarOp::kShiftRight || op == ScalarOp::kShiftRightRound;
}

}  // namespace

namespace rt {

void VecScalar(ScalarOp op, DType type, const LocalRef& dst, const LocalRef& src, uint64_t scalarBits,
               const VecShape& shape, Site site) {
  WithType(type, [&]<class T>() {
    const Wide<T> scalar = Load<T>(reinterpret_cast<const uint8_t*>(&scalarBits));
    if constexpr (!kIsFloating<T>) {
      const int64_t kBits = sizeof(T) * 8;
      if (IsShift(op) && (scalar < 0 || scalar > kBits)) {
        RaiseError("bad-parameter", site,
                   Format("shift amount %lld is outside [0, %lld] for %s elements", static_cast<long long>(scalar),
                          static_cast<long long>(kBits), DTypeName(type)));
      }
    }
    VecOperand operands[2] = {
        {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, false, true},
        {&src, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false},
    };
    ForEachElement(VecCost::kSimple, shape, operands, 2, site, [&](const uint64_t* offsets) {
      Store<T>(dst.address + offsets[0], Apply<T>(op, Load<T>(src.address + offsets[1]), scalar));
    });
  });
}

}  // namespace rt
}  // namespace ascendc_sim
