#include "suite_location.h"

namespace akgen {

std::filesystem::path SuiteRoot(const std::string& suite) {
  if (suite == "builtin") return AKGEN_BUILTIN_SUITE_DIR;
  return suite;
}

}  // namespace akgen
