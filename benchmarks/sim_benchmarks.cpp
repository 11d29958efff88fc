// Simulator throughput: elements per second of a level-2 vector instruction inside a launch.
#include <benchmark/benchmark.h>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

static void BM_VectorAddFloat(benchmark::State& state) {
  const uint32_t count = uint32_t(state.range(0));
  for (auto _ : state) {
    auto body = [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> buf;
      pipe.InitBuffer(buf, 3 * count * sizeof(float));
      LocalTensor<float> all = buf.Get<float>();
      Duplicate(all, 1.0f, int32_t(3 * count));
      Add(all[2 * count], all, all[count], int32_t(count));
    };
    ascendc_sim::RunKernel("bench", 1, body, ascendc_sim::MakeSite("bench", std::source_location::current()));
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * count);
}
BENCHMARK(BM_VectorAddFloat)->Arg(1024)->Arg(16384);

BENCHMARK_MAIN();
