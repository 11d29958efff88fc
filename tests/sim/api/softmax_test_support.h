// What the SoftMax and SoftmaxGrad tests share: smooth test rows, a kernel-side tiling that names
// only the shape and the rows a pass takes, and a launch that leaves a given amount of UB free.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "kernel_test_support.h"

namespace simtest {

inline std::vector<float> Wave(uint32_t count, float scale, float phase = 0.0f) {
  std::vector<float> values(count);
  for (uint32_t i = 0; i < count; ++i) values[i] = scale * std::sin(0.37f * float(i) + phase) + 0.01f * float(i % 7);
  return values;
}

inline SoftMaxTiling SoftMaxTilingFor(uint32_t rows, uint32_t columns, uint32_t rowsPerPass) {
  SoftMaxTiling tiling;
  tiling.srcM = rows;
  tiling.srcK = columns;
  tiling.splitM = rowsPerPass;
  return tiling;
}

// Runs `call(data)` on `count` floats of 1 in UB, with exactly `freeBytes` of UB left past the
// TPipe's buffers (the stack buffer of the forms without a sharedTmpBuffer).
template <class Call>
LaunchOutcome LaunchWithFreeUb(uint32_t count, uint32_t freeBytes, Call call) {
  constexpr uint32_t kUbBytes = 196608;
  return Launch(1, [&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> dataBuf, rest;
    pipe.InitBuffer(dataBuf, count * sizeof(float));
    pipe.InitBuffer(rest, kUbBytes - count * sizeof(float) - freeBytes);
    AscendC::LocalTensor<float> data = dataBuf.Get<float>();
    AscendC::Duplicate(data, 1.0f, count);
    call(data);
  });
}

}  // namespace simtest
