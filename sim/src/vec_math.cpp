// High-level math APIs: each element is loaded into float, computed with the host's float math
// library and rounded once to the element type (int32_t Power computes exactly in integers). The
// NPU builds these from basic instructions and polynomial approximations, so its last bits may
// differ: compare with a tolerance. Its first instruction reads the whole source into a temporary
// buffer, so every result comes from the original source even where the destination overlaps it
// (MulSigmoidMulAddCustom's Sigmoid into a GetWithOffset view of its own source): results are
// written only after every element was read.
#include <cmath>
#include <utility>
#include <vector>

#include "ascendc_sim/adv_math/math_runtime.h"
#include "element.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

float Apply(MathFn fn, float x) {
  switch (fn) {
    case MathFn::kSin: return std::sin(x);
    case MathFn::kCos: return std::cos(x);
    case MathFn::kTan: return std::tan(x);
    case MathFn::kTanh: return std::tanh(x);
    case MathFn::kSinh: return std::sinh(x);
    case MathFn::kCosh: return std::cosh(x);
    case MathFn::kAsin: return std::asin(x);
    case MathFn::kAcos: return std::acos(x);
    case MathFn::kAtan: return std::atan(x);
    case MathFn::kAsinh: return std::asinh(x);
    case MathFn::kAcosh: return std::acosh(x);
    case MathFn::kAtanh: return std::atanh(x);
    case MathFn::kErf: return std::erf(x);
    case MathFn::kErfc: return std::erfc(x);
    case MathFn::kSigmoid: return 1.0f / (1.0f + std::exp(-x));
    case MathFn::kLog: return std::log(x);
    case MathFn::kLog2: return std::log2(x);
    case MathFn::kLog10: return std::log10(x);
    case MathFn::kExp: return std::exp(x);
    case MathFn::kFloor: return std::floor(x);
    case MathFn::kCeil: return std::ceil(x);
    case MathFn::kTrunc: return std::trunc(x);
    case MathFn::kRound: return std::nearbyint(x);  // to nearest, ties to even
    case MathFn::kFrac: return x - std::trunc(x);
    case MathFn::kSign: return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f;
  }
  return x;
}

int64_t IntegerPower(int64_t base, int64_t exponent) {
  if (exponent < 0) return base == 1 ? 1 : base == -1 ? (exponent % 2 ? -1 : 1) : 0;
  int64_t result = 1;
  for (; exponent > 0; exponent >>= 1, base = int64_t(int32_t(base * base)))
    if (exponent & 1) result = int64_t(int32_t(result * base));
  return result;
}

// Results kept until every element was read, then stored.
template <class T>
class DeferredStores {
 public:
  void Add(uint64_t offset, Wide<T> value) { results_.emplace_back(offset, value); }
  void StoreAll(const LocalRef& dst) const {
    for (const auto& [offset, value] : results_) Store<T>(dst.address + offset, value);
  }

 private:
  std::vector<std::pair<uint64_t, Wide<T>>> results_;
};

template <class T>
Wide<T> Pow(Wide<T> base, Wide<T> exponent) {
  if constexpr (kIsFloating<T>) {
    return std::pow(base, exponent);
  } else {
    return IntegerPower(base, exponent);
  }
}

}  // namespace

namespace rt {

void VecMath(MathFn fn, DType type, const LocalRef& dst, const LocalRef& src, uint32_t count, Site site) {
  const VecShape shape = CountShape(count);
  WithType(type, [&]<class T>() {
    if constexpr (kIsFloating<T>) {
      VecOperand operands[2] = {
          {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, false, true},
          {&src, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false},
      };
      DeferredStores<T> results;
      ForEachElement(VecCost::kTranscendental, shape, operands, 2, site, [&](const uint64_t* offsets) {
        results.Add(offsets[0], Apply(fn, Load<T>(src.address + offsets[1])));
      });
      results.StoreAll(dst);
    }
  });
}

void VecPower(DType type, const LocalRef& dst, const LocalRef& base, const LocalRef& exponent,
              const PowerOperands& sources, uint32_t count, Site site) {
  const VecShape shape = CountShape(count);
  WithType(type, [&]<class T>() {
    const Wide<T> scalar = Load<T>(reinterpret_cast<const uint8_t*>(&sources.scalarBits));
    const LocalRef& tensor = sources.baseIsScalar ? exponent : base;
    VecOperand operands[3] = {
        {&dst, sizeof(T), shape.dstBlkStride, shape.dstRepStride, false, true},
        {&tensor, sizeof(T), shape.src0BlkStride, shape.src0RepStride, true, false},
        {&exponent, sizeof(T), shape.src1BlkStride, shape.src1RepStride, true, false},
    };
    const bool bothTensors = !sources.baseIsScalar && !sources.exponentIsScalar;
    DeferredStores<T> results;
    ForEachElement(VecCost::kTranscendental, shape, operands, bothTensors ? 3 : 2, site, [&](const uint64_t* offsets) {
      const Wide<T> value = Load<T>(tensor.address + offsets[1]);
      Wide<T> result;
      if (bothTensors) {
        result = Pow<T>(value, Load<T>(exponent.address + offsets[2]));
      } else if (sources.baseIsScalar) {
        result = Pow<T>(scalar, value);
      } else {
        result = Pow<T>(value, scalar);
      }
      results.Add(offsets[0], result);
    });
    results.StoreAll(dst);
  });
}

}  // namespace rt
}  // namespace ascendc_sim
