// Helpers for in-process simulator tests: GM buffers, launches that report diagnostics, and
// reference rounding through the simulator's own half/bfloat16 types.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tikicpulib.h"
#include "launch_profile.h"
#include "simulator.h"

namespace simtest {

// A GM buffer from GmAlloc holding `count` elements of T.
template <class T>
class GmBuffer {
 public:
  explicit GmBuffer(size_t count) : count_(count), data_(static_cast<T*>(AscendC::GmAlloc(count * sizeof(T)))) {}
  GmBuffer(const std::vector<T>& values) : GmBuffer(values.size()) {
    std::memcpy(static_cast<void*>(data_), values.data(), values.size() * sizeof(T));
  }
  ~GmBuffer() { AscendC::GmFree(data_); }
  GmBuffer(const GmBuffer&) = delete;
  GmBuffer& operator=(const GmBuffer&) = delete;

  GM_ADDR addr() const { return reinterpret_cast<GM_ADDR>(data_); }
  T* data() const { return data_; }
  std::vector<T> values() const { return std::vector<T>(data_, data_ + count_); }

 private:
  size_t count_;
  T* data_;
};

struct LaunchOutcome {
  int status = 0;
  std::vector<ascendc_sim::Diagnostic> diagnostics;
  bool HasKind(const std::string& kind) const;
  std::string Describe() const;
};

// Runs `body` on `blockDim` blocks and collects what the simulator reported.
template <class Body>
LaunchOutcome Launch(uint32_t blockDim, Body body) {
  ascendc_sim::TakeDiagnostics();
  LaunchOutcome outcome;
  outcome.status = ascendc_sim::RunKernel("test_kernel", blockDim, body,
                                          ascendc_sim::MakeSite("test", std::source_location::current()));
  outcome.diagnostics = ascendc_sim::TakeDiagnostics();
  return outcome;
}

// Runs `body` on the cube core (AIC) of each of `blockDim` blocks, as a cube-only kernel.
template <class Body>
LaunchOutcome LaunchOnCube(uint32_t blockDim, Body body) {
  ascendc_sim::TakeDiagnostics();
  LaunchOutcome outcome;
  outcome.status = ascendc_sim::RunCubeKernel("test_kernel", blockDim, body,
                                              ascendc_sim::MakeSite("test", std::source_location::current()));
  outcome.diagnostics = ascendc_sim::TakeDiagnostics();
  return outcome;
}

// Runs a kernel built in two variants: `cube` on each block's cube core, `vector` on its vector cores.
template <class Cube, class Vector>
LaunchOutcome LaunchMixed(uint32_t blockDim, Cube cube, Vector vector) {
  ascendc_sim::TakeDiagnostics();
  LaunchOutcome outcome;
  outcome.status = ascendc_sim::RunMixedKernel("test_kernel", blockDim, cube, vector,
                                               ascendc_sim::MakeSite("test", std::source_location::current()));
  outcome.diagnostics = ascendc_sim::TakeDiagnostics();
  return outcome;
}

// Runs one launch (on the vector cores, or `onCube`) and returns its profile; fails the test on a
// diagnostic error.
template <class Body>
ascendc_sim::LaunchProfile Profile(uint32_t blockDim, Body body, bool onCube = false) {
  ascendc_sim::TakeLaunchProfiles();
  const LaunchOutcome outcome = onCube ? LaunchOnCube(blockDim, body) : Launch(blockDim, body);
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  std::vector<ascendc_sim::LaunchProfile> profiles = ascendc_sim::TakeLaunchProfiles();
  EXPECT_EQ(profiles.size(), 1u);
  return profiles.empty() ? ascendc_sim::LaunchProfile{} : profiles.front();
}

template <class D>
struct UbRun {
  LaunchOutcome outcome;
  std::vector<D> dst;
};

// Stages src and the initial dst in UB, runs `body(dst, src)` once, and returns dst.
template <class D, class S, class Body>
UbRun<D> RunOnUb(const std::vector<S>& src, const std::vector<D>& initialDst, Body body) {
  GmBuffer<S> srcGm(src);
  GmBuffer<D> dstGm(initialDst);
  UbRun<D> run;
  run.outcome = Launch(1, [&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> srcBuf, dstBuf;
    pipe.InitBuffer(srcBuf, src.size() * sizeof(S));
    pipe.InitBuffer(dstBuf, initialDst.size() * sizeof(D));
    AscendC::GlobalTensor<S> srcGlobal;
    AscendC::GlobalTensor<D> dstGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ S*)srcGm.addr(), src.size());
    dstGlobal.SetGlobalBuffer((__gm__ D*)dstGm.addr(), initialDst.size());
    AscendC::LocalTensor<S> srcLocal = srcBuf.Get<S>();
    AscendC::LocalTensor<D> dstLocal = dstBuf.Get<D>();
    AscendC::DataCopy(srcLocal, srcGlobal, src.size());
    AscendC::DataCopy(dstLocal, dstGlobal, initialDst.size());
    AscendC::PipeBarrier<PIPE_ALL>();
    body(dstLocal, srcLocal);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dstGlobal, dstLocal, initialDst.size());
  });
  run.dst = dstGm.values();
  return run;
}

// count consecutive values from -100 up, so a lane's value shows its index and the sign varies.
inline std::vector<float> Ramp(uint32_t count) {
  std::vector<float> values(count);
  for (uint32_t i = 0; i < count; ++i) values[i] = float(i) - 100.0f;
  return values;
}

// Deterministic pseudo-random values in [low, high).
std::vector<float> RandomFloats(size_t count, float low, float high, uint32_t seed);

template <class T>
std::vector<T> Convert(const std::vector<float>& values) {
  std::vector<T> converted;
  for (float value : values) converted.push_back(T(value));
  return converted;
}

template <class T>
std::vector<float> ToFloat(const std::vector<T>& values) {
  std::vector<float> converted;
  for (const T& value : values) converted.push_back(float(value));
  return converted;
}

}  // namespace simtest
