// The element types a task's tensors can have, named as torch names them (`float16`, `bfloat16`),
// which is how test_cases.csv and the oracle's manifest spell them.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace akgen::bench {

enum class TorchDtype {
  Float16,
  BFloat16,
  Float32,
  Float64,
  Complex64,
  Complex128,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  Bool
};

// Accepts torch's aliases too (`float`, `half`, `int`, `long`); nullopt for anything else.
std::optional<TorchDtype> ParseTorchDtype(std::string_view name);
std::string_view TorchDtypeName(TorchDtype dtype);
size_t ElementSize(TorchDtype dtype);

}  // namespace akgen::bench
