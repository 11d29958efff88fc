#include "bench/builder/kernel_core_types.h"

#include <array>
#include <charconv>
#include <string>

namespace akgen::bench {
namespace {

// ascendc_sim::rt functions only cube work calls (sim/include/ascendc_sim/cube_runtime.h, adv_api/matmul.h).
constexpr std::array<std::string_view, 6> kCubeFunctions = {
    "Mmad", "LoadFractals", "Fixpipe", "CopyToBiasTable", "MatmulCheckWorkspace", "Matmul",
};

// The mangled start of ascendc_sim::rt::<name>(...): the nested name ends with `E`, so a longer name
// that starts with `name` does not match.
std::string DeviceFunctionPrefix(std::string_view name) {
  return std::string(kDeviceApiPrefix) + std::to_string(name.size()) + std::string(name) + "E";
}

// KernelMetaType values that start cube cores on an A2 (AIC_ONLY, MIX_AIC_1_0, MIX_AIC_1_1).
bool StartsCubeCores(unsigned type) { return type == 1 || type == 3 || type == 4; }

}  // namespace

std::set<unsigned> DeclaredKernelTypes(const std::vector<ObjectSymbols>& objects) {
  std::set<unsigned> types;
  for (const ObjectSymbols& object : objects) {
    for (const std::string& symbol : object.defined) {
      if (!symbol.starts_with(kDeclaredKernelTypeSymbolPrefix)) continue;
      const char* digits = symbol.data() + kDeclaredKernelTypeSymbolPrefix.size();
      unsigned type = 0;
      const auto [end, error] = std::from_chars(digits, symbol.data() + symbol.size(), type);
      if (error == std::errc() && end != digits) types.insert(type);
    }
  }
  return types;
}

bool HasCubeWork(const std::vector<ObjectSymbols>& objects) {
  static const std::array<std::string, kCubeFunctions.size()> prefixes = [] {
    std::array<std::string, kCubeFunctions.size()> all;
    for (size_t i = 0; i < kCubeFunctions.size(); ++i) all[i] = DeviceFunctionPrefix(kCubeFunctions[i]);
    return all;
  }();
  for (const ObjectSymbols& object : objects)
    for (const std::string& symbol : object.undefined)
      for (const std::string& prefix : prefixes)
        if (symbol.starts_with(prefix)) return true;
  return false;
}

bool NeedsCubeCores(const std::vector<std::vector<ObjectSymbols>>& builds) {
  for (const std::vector<ObjectSymbols>& objects : builds) {
    if (HasCubeWork(objects)) return true;
    for (unsigned type : DeclaredKernelTypes(objects))
      if (StartsCubeCores(type)) return true;
  }
  return false;
}

}  // namespace akgen::bench
