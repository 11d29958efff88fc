// Unary vector instructions. Floating results are computed in float and rounded once on store.
#include <cmath>
#include <cstring>

#include "element.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

template <class T>
Wide<T> Apply(UnaryOp op, Wide<T> x) {
  if constexpr (kIsFloating<T>) {
    switch (op) {
      case UnaryOp::kExp: return std::exp(x);
      case UnaryOp::kLn: return std::log(x);
      case UnaryOp::kAbs: return std::fabs(x);
      case UnaryOp::kReciprocal: return 1.0f / x;
      case UnaryOp::kSqrt: return std::sqrt(x);
      case UnaryOp::kRsqrt: return 1.0f / std::sqrt(x);
      case UnaryOp::kRelu: return x > 0 ? x : 0.0f;
      case UnaryOp::kNot:
      case UnaryOp::kCopy: break;
    }
  } else {
    switch (op) {
      case UnaryOp::kNot: return ~x;
      case UnaryOp::kRelu: return x > 0 ? x : 0;
      default: break;
    }
  }
  return x;  // unreachable: the API headers' dtype tables only admit the cases above
}

}  // namespace

namespace rt {

void VecUnary(UnaryOp op, DType type, const LocalRef& dst, const LocalRef& src, const VecShape& shape, Site site) {
  WithType(type, [&]<class T>() {
    VecOperand operands[2] = {
        {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, false, true},
        {&src, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false},
    };
    const bool transcendental = op == UnaryOp::kExp || op == UnaryOp::kLn || op == UnaryOp::kReciprocal ||
                                op == UnaryOp::kSqrt || op == UnaryOp::kRsqrt;
    ForEachElement(transcendental ? VecCost::kTranscendental : VecCost::kSimple, shape, operands, 2, site,
                   [&](const uint64_t* offsets) {
      if (op == UnaryOp::kCopy) {
        std::memcpy(dst.address + offsets[0], src.address + offsets[1], sizeof(T));  // bit-exact, NaN payloads too
      } else {
        Store<T>(dst.address + offsets[0], Apply<T>(op, Load<T>(src.address + offsets[1])));
      }
    });
  });
}

}  // namespace rt
}  // namespace ascendc_sim
