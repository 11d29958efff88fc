// Simulator throughput: how fast the simulator runs kernel work, not how fast the NPU would.
//  - BM_VectorAddFloat: elements per second of a level-2 vector instruction inside a launch.
//  - BM_DataCopyRoundTrip: bytes per second moved GM -> UB -> GM through a TQue, tile by tile.
//  - BM_LaunchOverhead: the cost of one launch of an empty kernel (fibers and per-block on-chip memory).
//  - BM_ScalarGetSetLoop: scalar GetValue/SetValue pairs per second, the cost model's worst case
//    (one timeline instruction per element).
#include <benchmark/benchmark.h>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

namespace {

template <class Body>
void RunOrFail(benchmark::State& state, uint32_t blockDim, Body& body) {
  if (ascendc_sim::RunKernel("bench", blockDim, body, ascendc_sim::MakeSite("bench", std::source_location::current())) != 0) {
    state.SkipWithError("the kernel reported a simulator error");
  }
}

void BM_VectorAddFloat(benchmark::State& state) {
  const uint32_t count = uint32_t(state.range(0));
  auto body = [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 3 * count * sizeof(float));
    LocalTensor<float> all = buf.Get<float>();
    Duplicate(all, 1.0f, int32_t(3 * count));
    Add(all[2 * count], all, all[count], int32_t(count));
  };
  for (auto _ : state) RunOrFail(state, 1, body);
  state.SetItemsProcessed(int64_t(state.iterations()) * count);
}
BENCHMARK(BM_VectorAddFloat)->Arg(1024)->Arg(16384);

// One block copies `bytes` of GM through double-buffered 32 KiB UB tiles and back to another GM buffer.
void BM_DataCopyRoundTrip(benchmark::State& state) {
  constexpr uint32_t kTileBytes = 32 * 1024;
  constexpr uint32_t kTileElements = kTileBytes / sizeof(float);
  const uint64_t bytes = uint64_t(state.range(0));
  const uint64_t tiles = bytes / kTileBytes;
  float* source = static_cast<float*>(GmAlloc(bytes));
  float* destination = static_cast<float*>(GmAlloc(bytes));
  for (uint64_t i = 0; i < bytes / sizeof(float); ++i) source[i] = float(i % 1024);
  auto body = [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 2> queue;
    pipe.InitBuffer(queue, 2, kTileBytes);
    GlobalTensor<float> sourceGm;
    GlobalTensor<float> destinationGm;
    sourceGm.SetGlobalBuffer(source, bytes / sizeof(float));
    destinationGm.SetGlobalBuffer(destination, bytes / sizeof(float));
    for (uint64_t tile = 0; tile < tiles; ++tile) {
      LocalTensor<float> local = queue.AllocTensor<float>();
      DataCopy(local, sourceGm[tile * kTileElements], kTileElements);
      queue.EnQue(local);
      local = queue.DeQue<float>();
      DataCopy(destinationGm[tile * kTileElements], local, kTileElements);
      queue.FreeTensor(local);
    }
  };
  for (auto _ : state) RunOrFail(state, 1, body);
  if (destination[bytes / sizeof(float) - 1] != source[bytes / sizeof(float) - 1]) state.SkipWithError("copy mismatch");
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(2 * tiles * kTileBytes));
  GmFree(source);
  GmFree(destination);
}
BENCHMARK(BM_DataCopyRoundTrip)->Arg(1 << 20)->Arg(16 << 20);

void BM_LaunchOverhead(benchmark::State& state) {
  const uint32_t blockDim = uint32_t(state.range(0));
  auto body = [] {};
  for (auto _ : state) RunOrFail(state, blockDim, body);
  state.SetItemsProcessed(int64_t(state.iterations()) * blockDim);
  state.SetLabel("items = blocks");
}
BENCHMARK(BM_LaunchOverhead)->Arg(8)->Arg(48);

void BM_ScalarGetSetLoop(benchmark::State& state) {
  const uint32_t count = uint32_t(state.range(0));
  auto body = [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, count * sizeof(float));
    LocalTensor<float> values = buf.Get<float>();
    Duplicate(values, 1.0f, int32_t(count));
    PipeBarrier<PIPE_ALL>();
    for (uint32_t i = 0; i < count; ++i) values.SetValue(i, values.GetValue(i) + 1.0f);
  };
  for (auto _ : state) RunOrFail(state, 1, body);
  state.SetItemsProcessed(int64_t(state.iterations()) * count);
}
BENCHMARK(BM_ScalarGetSetLoop)->Arg(16384);

}  // namespace

BENCHMARK_MAIN();
