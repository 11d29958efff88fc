#include "cube_checks.h"

#include "diagnostics.h"
#include "local_memory.h"

namespace ascendc_sim {

void CheckCubeOperand(const LocalRef& ref, Memory expected, const char* operand, const char* positions, uint64_t extent,
                      const Site& site) {
  // A tensor no TQue or TBuf handed out has no position: CheckTensor says so first.
  if (ref.owner < 0) CheckTensor(ref, ref.address, extent, true, site, operand);
  const Memory actual = MemoryOf(ref.position);
  if (actual != expected) {
    RaiseError("wrong-position", site,
               Format("%s must be in %s (TPosition %s), but this tensor is at %s (%s)", operand, Info(expected).name,
                      positions, PositionName(ref.position), Info(actual).name));
  }
  CheckTensor(ref, ref.address, extent, true, site, operand);
}

void CheckCubeRange(const char* parameter, uint64_t value, uint64_t limit, const Site& site) {
  if (value > limit) {
    RaiseError("bad-parameter", site,
               Format("%s %llu is over the hardware limit of %llu", parameter, static_cast<unsigned long long>(value),
                      static_cast<unsigned long long>(limit)));
  }
}

}  // namespace ascendc_sim
