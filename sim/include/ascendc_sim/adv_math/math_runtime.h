// The runtime interface of the high-level (advanced) math APIs: element-wise functions computed in
// float from the element values and rounded once to the element type, like the basic vector APIs.
#pragma once
#include "ascendc_sim/vec_runtime.h"

namespace ascendc_sim {

enum class MathFn : uint8_t {
  kSin, kCos, kTan, kTanh, kSinh, kCosh, kAsin, kAcos, kAtan, kAsinh, kAcosh, kAtanh,
  kErf, kErfc, kSigmoid, kLog, kLog2, kLog10, kExp, kFloor, kCeil, kTrunc, kRound, kFrac, kSign,
};

// Where Power's operands come from: a tensor each, or a scalar (its bits) on one side.
struct PowerOperands {
  bool baseIsScalar = false;
  bool exponentIsScalar = false;
  uint64_t scalarBits = 0;
};

namespace rt {
void VecMath(MathFn fn, DType type, const LocalRef& dst, const LocalRef& src, uint32_t count, Site site);
void VecPower(DType type, const LocalRef& dst, const LocalRef& base, const LocalRef& exponent,
              const PowerOperands& operands, uint32_t count, Site site);
}  // namespace rt

}  // namespace ascendc_sim
