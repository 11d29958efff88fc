// The kernel entry a candidate must define: `extern "C" __global__ __aicore__ void <kernel>(...)`.
// The builder needs its parameter count to generate the launch shim.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace akgen::bench {

struct KernelEntry {
  std::filesystem::path file;
  int parameterCount = 0;
  std::string problem;  // non-empty: no usable entry (a parse_error), and what to fix
};

// Looks through `kernelFiles` (comments are skipped) for the entry's definition.
KernelEntry FindKernelEntry(const std::vector<std::filesystem::path>& kernelFiles, const std::string& kernelName);

// The parameter count of the first `extern "C" ... void <kernelName>(` in `source`, or -1.
int EntryParameterCount(const std::string& source, const std::string& kernelName);

}  // namespace akgen::bench
