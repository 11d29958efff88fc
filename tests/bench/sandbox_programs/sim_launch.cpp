// A 48-block launch on the simulator. Every block writes its index into global memory and waits at
// SyncAll, so all 48 fibers (8 MiB stacks each) are alive at once; then block 0 checks the others'
// indices, and the host checks all of them.
#include <cstdint>
#include <iostream>

#include "kernel_operator.h"
#include "tikicpulib.h"

constexpr uint32_t kBlocks = 48;

extern "C" __global__ __aicore__ void write_block_index(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> outGm;
  outGm.SetGlobalBuffer((__gm__ int32_t*)out, kBlocks);
  outGm.SetValue(AscendC::GetBlockIdx(), static_cast<int32_t>(AscendC::GetBlockIdx()));
  AscendC::SyncAll();
  if (AscendC::GetBlockIdx() == 0 && outGm.GetValue(kBlocks - 1) != static_cast<int32_t>(kBlocks - 1)) {
    outGm.SetValue(0, -1);
  }
}

int main() {
  auto* out = (uint8_t*)AscendC::GmAlloc(kBlocks * sizeof(int32_t));
  ICPU_RUN_KF(write_block_index, kBlocks, out);
  const auto* indices = reinterpret_cast<const int32_t*>(out);
  for (uint32_t block = 0; block < kBlocks; ++block) {
    if (indices[block] != static_cast<int32_t>(block)) {
      std::cout << "block " << block << " wrote " << indices[block] << '\n';
      return 1;
    }
  }
  AscendC::GmFree(out);
  std::cout << kBlocks << " blocks ok\n";
  return 0;
}
