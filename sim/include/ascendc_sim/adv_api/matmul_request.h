// The runtime interface of the simulated Matmul API (adv_api/matmul.h): one request to the cube.
#pragma once
#include <cstdint>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

// One matmul request: C[m, n] (+)= A[m, k] · B[k, n] (+ bias[n]), each operand a strided GM view.
struct MatmulRequest {
  DType aType, bType, cType, biasType;
  GlobalRef a, b, c, bias;
  bool hasBias = false;
  bool transposeA = false;  // A is stored [k, m]
  bool transposeB = false;  // B is stored [n, k]
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;  // elements from one stored row to the next
  uint8_t atomic = 0;                 // enAtomic: 0 plain, 1 add, 2 max, 3 min
};

namespace rt {
void Matmul(const MatmulRequest& request, Site site);
void MatmulCheckWorkspace(const uint8_t* workspace, Site site);
[[noreturn]] void MatmulUsageError(const char* what, Site site);
// SetTensorA/B(..., true) on a matrix whose MatmulType says ISTRANS false.
[[noreturn]] void MatmulTransposeNotDeclared(const char* matrix, Site site);
}  // namespace rt

}  // namespace ascendc_sim
