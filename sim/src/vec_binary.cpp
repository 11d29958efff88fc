// Binary vector instructions.
#include <algorithm>

#include "element.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

template <class T>
Wide<T> Apply(BinaryOp op, Wide<T> a, Wide<T> b, Wide<T> d) {
  using W = Wide<T>;
  switch (op) {
    case BinaryOp::kAdd: return a + b;
    case BinaryOp::kSub: return a - b;
    case BinaryOp::kMul: return a * b;
    case BinaryOp::kDiv: return a / b;
    case BinaryOp::kMax: return std::max(a, b);
    case BinaryOp::kMin: return std::min(a, b);
    case BinaryOp::kAnd:
      if constexpr (!kIsFloating<T>) return a & b;
      return a;
    case BinaryOp::kOr:
      if constexpr (!kIsFloating<T>) return a | b;
      return a;
    case BinaryOp::kAddRelu: return std::max(W(a + b), W(0));
    case BinaryOp::kSubRelu: return std::max(W(a - b), W(0));
    case BinaryOp::kFusedMulAdd: return a * d + b;
    case BinaryOp::kFusedMulAddRelu: return std::max(W(a * d + b), W(0));
    case BinaryOp::kMulAddDst: return d + a * b;
  }
  return a;
}

bool ReadsDestination(BinaryOp op) {
  return op == BinaryOp::kFusedMulAdd || op == BinaryOp::kFusedMulAddRelu || op == BinaryOp::kMulAddDst;
}

}  // namespace

namespace rt {

void VecBinary(BinaryOp op, DType type, const LocalRef& dst, const LocalRef& src0, const LocalRef& src1,
               const VecShape& shape, Site site) {
  WithType(type, [&]<class T>() {
    VecOperand operands[3] = {
        {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, ReadsDestination(op), true},
        {&src0, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false},
        {&src1, sizeof(T), shape.src1BlkStride, shape.src1RepStride, true, false},
    };
    ForEachElement(op == BinaryOp::kDiv ? VecCost::kTranscendental : VecCost::kBinary, shape, operands, 3, site, [&](const uint64_t* offsets) {
      const Wide<T> d = ReadsDestination(op) ? Load<T>(dst.address + offsets[0]) : Wide<T>(0);
      Store<T>(dst.address + offsets[0], Apply<T>(op, Load<T>(src0.address + offsets[1]), Load<T>(src1.address + offsets[2]), d));
    });
  });
}

}  // namespace rt
}  // namespace ascendc_sim
