// EXPECT-COMPILES
// CANN declares MatmulConfig, GetNormalConfig (with its knobs) and CubeFormat at global scope, so
// FlashAttention-style kernels name them before any `using namespace AscendC`; a Matmul whose
// config is a function returning a reference is still deduced by templates taking MatmulConfig&.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "lib/matrix/matmul/tiling.h"

constexpr MatmulConfig kConfig = GetNormalConfig(true);
constexpr const MatmulConfig& Config() { return kConfig; }

using A = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
using B = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE, false>;
using C = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
using CNz = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::NZ, float>;
// Naming a Matmul type the simulator does not run (C in NZ) is fine while it is not the one chosen.
using Chosen =
    AscendC::Conditional<false, matmul::Matmul<A, B, CNz, C, Config()>, matmul::Matmul<A, B, C, C, Config()>>::type;

template <class T, const MatmulConfig& MM_CFG>
void Run(matmul::Matmul<A, B, T, C, MM_CFG>& mm, AscendC::GlobalTensor<float>& c) {
  mm.template IterateAll<false>(c, 0, false, true);
  mm.WaitIterateAll();
  mm.End();
}

extern "C" __global__ __aicore__ void matmul_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tiling) {
  AscendC::TPipe pipe;
  Chosen mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, (TCubeTiling*)tiling);
  AscendC::GlobalTensor<half> aGm, bGm;
  AscendC::GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a);
  bGm.SetGlobalBuffer((__gm__ half*)b);
  cGm.SetGlobalBuffer((__gm__ float*)c);
  mm.SetOrgShape(16, 16, 16, 16, 16);
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm, true);
  mm.SetTail(16, 16);
  Run(mm, cGm);
}
