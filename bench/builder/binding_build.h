// A MultiKernelBench candidate's python_bind_src, built into the `custom_ops_lib` Python module its
// ModelNew imports: compiled in the sandbox against Debian's libtorch with our
// pytorch_npu_helper.hpp (whose EXEC_NPU_CMD records the op call, python/akgen_oracle), with the
// flags the oracle's torch gives (`python3 -m akgen_oracle.pybind_module --compile-flags`). Only the
// compiler runs, so the module is cached by content and shared by every case and candidate with the
// same binding; candidate Python never runs where it is built.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/builder/candidate_build.h"

namespace akgen::bench {

struct BindingFlags {
  std::vector<std::string> compile;    // -std, -I..., -DTORCH_EXTENSION_NAME=custom_ops_lib, ...
  std::vector<std::string> libraries;  // -ltorch ...
};

inline constexpr const char* kBindingModule = "custom_ops_lib";

// `helperHeader` is copied beside the build, which `flags` do not name. program: the module's
// shared library.
BuildOutcome BuildBinding(const std::filesystem::path& cacheDir, const std::filesystem::path& bindingSource,
                          const std::filesystem::path& helperHeader, const BindingFlags& flags);

}  // namespace akgen::bench
