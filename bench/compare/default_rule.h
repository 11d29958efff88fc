// NPUKernelBench's default precision rule on raw tensor buffers. An element fails only if its
// absolute error exceeds maxAbsError AND its relative error abs / (|ref| + 1e-7) exceeds
// maxRelError; any non-finite value in the reference or the candidate fails. As there, the dtypes
// may differ and the shapes may differ in size-1 dimensions. Unlike PyTorch, which subtracts in the
// promoted dtype, the errors here are computed in double.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bench/oracle/torch_dtype.h"

namespace akgen::bench {

struct TensorData {
  TorchDtype dtype = TorchDtype::Float32;
  std::vector<int64_t> shape;
  std::span<const std::byte> bytes;  // little-endian elements, row-major
};

struct Tolerance {
  double maxAbsError = 1e-3;
  double maxRelError = 1e-3;
};

struct Comparison {
  bool pass = true;
  double maxAbsError = 0;  // over finite element pairs
  double maxRelError = 0;
  std::string firstBadOutput;  // which output holds firstBadIndex, when several are compared
  int64_t firstBadIndex = -1;  // flat element index
  int64_t badCount = 0;
  std::string reason;  // empty when the comparison passed
};

// A dtype, shape or buffer-size mismatch fails with a reason and compares no element.
Comparison CompareWithDefaultRule(const TensorData& reference, const TensorData& candidate, Tolerance tolerance = {});

}  // namespace akgen::bench
