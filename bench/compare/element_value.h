// Decodes one element of a raw little-endian tensor buffer to double precision, so one comparison
// loop serves every dtype. bool compares as 0/1, as NPUKernelBench casts it to int.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bench/oracle/torch_dtype.h"

namespace akgen::bench {

struct ElementValue {
  double real = 0;
  double imag = 0;  // non-zero only for complex dtypes
};

// data holds elements of dtype; index counts elements, not bytes.
ElementValue ReadElement(TorchDtype dtype, const std::byte* data, size_t index);

// One element of dtype holding `value` (rounded to nearest even, integers truncated toward zero),
// as little-endian bytes.
std::vector<std::byte> EncodeElement(TorchDtype dtype, double value);

double HalfBitsToDouble(uint16_t bits);
double BFloat16BitsToDouble(uint16_t bits);

}  // namespace akgen::bench
