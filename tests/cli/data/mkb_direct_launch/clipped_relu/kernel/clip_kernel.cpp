#include "kernel_operator.h"
#include "platform/platform_ascendc.h"
#include "clip_launch.h"

constexpr int32_t kDepth = 2;

template <typename T>
__global__ __aicore__ void clip_kernel(GM_ADDR x, GM_ADDR y, int64_t total, int64_t perBlock, int64_t tile,
                                       float ceiling) {
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, kDepth> in;
  AscendC::TQue<AscendC::QuePosition::VECOUT, kDepth> out;
  pipe.InitBuffer(in, kDepth, tile * sizeof(T));
  pipe.InitBuffer(out, kDepth, tile * sizeof(T));
  AscendC::GlobalTensor<T> xGm;
  AscendC::GlobalTensor<T> yGm;
  xGm.SetGlobalBuffer((__gm__ T*)x, total);
  yGm.SetGlobalBuffer((__gm__ T*)y, total);
  const int64_t begin = perBlock * AscendC::GetBlockIdx();
  const int64_t end = begin + perBlock < total ? begin + perBlock : total;
  for (int64_t offset = begin; offset < end; offset += tile) {
    const uint32_t count = static_cast<uint32_t>(end - offset < tile ? end - offset : tile);
    const AscendC::DataCopyExtParams copy{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
    AscendC::LocalTensor<T> xLocal = in.AllocTensor<T>();
    AscendC::DataCopyPad(xLocal, xGm[offset], copy, AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
    in.EnQue(xLocal);
    xLocal = in.DeQue<T>();
    AscendC::LocalTensor<T> yLocal = out.AllocTensor<T>();
    AscendC::Maxs(yLocal, xLocal, static_cast<T>(0), count);
    AscendC::Mins(yLocal, yLocal, static_cast<T>(ceiling), count);
    out.EnQue(yLocal);
    in.FreeTensor(xLocal);
    yLocal = out.DeQue<T>();
    AscendC::DataCopyPad(yGm[offset], yLocal, copy);
    out.FreeTensor(yLocal);
  }
}

ClipTiling PlanClip(int64_t total) {
  constexpr int64_t kAlign = 64;  // elements: whole 256-byte repeats per block
  auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
  uint64_t ubBytes = 0;
  platform->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes);
  const int64_t cores = platform->GetCoreNumAiv();
  int64_t blocks = (total + 1023) / 1024;
  if (blocks > cores) blocks = cores;
  if (blocks < 1) blocks = 1;
  int64_t perBlock = (total + blocks - 1) / blocks;
  perBlock = (perBlock + kAlign - 1) / kAlign * kAlign;
  blocks = (total + perBlock - 1) / perBlock;
  int64_t tile = static_cast<int64_t>(ubBytes) / (2 * kDepth) / static_cast<int64_t>(sizeof(float));
  tile = tile / kAlign * kAlign;
  if (tile > 8192) tile = 8192;
  return {total, perBlock, tile, static_cast<uint32_t>(blocks)};
}

void LaunchClip(uint8_t* x, uint8_t* y, const ClipTiling& tiling, float ceiling, void* stream) {
  clip_kernel<float><<<tiling.blocks, nullptr, stream>>>(x, y, tiling.total, tiling.perBlock, tiling.tile, ceiling);
}
