#include "bench/builder/library_symbols.h"

#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace akgen::bench {

std::vector<std::string> StrongDefinitions(std::string_view nmListing) {
  std::vector<std::string> symbols;
  std::istringstream lines{std::string(nmListing)};
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name, type;
    // Lower-case types are local or GNU unique; V and W are weak, C common (merged by the linker).
    if (fields >> name >> type && type.size() == 1 && std::isupper(static_cast<unsigned char>(type[0])) &&
        std::string_view("UVWC").find(type[0]) == std::string_view::npos)
      symbols.push_back(name);
  }
  return symbols;
}

std::vector<std::string> DefinedInSeveral(const std::vector<std::vector<std::string>>& definitions) {
  std::map<std::string, int> libraries;
  for (const std::vector<std::string>& library : definitions)
    for (const std::string& symbol : std::set<std::string>(library.begin(), library.end())) ++libraries[symbol];
  std::vector<std::string> several;
  for (const auto& [symbol, count] : libraries)
    if (count > 1) several.push_back(symbol);
  return several;
}

}  // namespace akgen::bench
