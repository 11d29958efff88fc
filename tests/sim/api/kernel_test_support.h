// Helpers for in-process simulator tests: GM buffers, launches that report diagnostics, and
// reference rounding through the simulator's own half/bfloat16 types.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tikicpulib.h"
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
