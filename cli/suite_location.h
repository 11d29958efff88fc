// Where a SUITE argument points: `builtin` is the repository's suite/ tree, anything else a path
// to an NPUKernelBench `tasks/` tree.
#pragma once
#include <filesystem>
#include <string>

namespace akgen {

std::filesystem::path SuiteRoot(const std::string& suite);

}  // namespace akgen
