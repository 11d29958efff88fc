// Diagnostics as a compiler prints them (craft.h).
#include "craft/craft.h"

#include <algorithm>

namespace akgen::craft {

std::string Format(const Diagnostic& diagnostic) {
  std::string text = diagnostic.file + ":" + std::to_string(diagnostic.line) + ":" + std::to_string(diagnostic.column) +
                     ": " + (diagnostic.severity == Severity::Error ? "error" : "warning") + ": " + diagnostic.message;
  if (!diagnostic.kind.empty()) text += " [" + diagnostic.kind + "]";
  text += "\n";
  if (!diagnostic.hint.empty()) text += "  hint: " + diagnostic.hint + "\n";
  return text;
}

bool CheckResult::HasErrors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& diagnostic) { return diagnostic.severity == Severity::Error; });
}

}  // namespace akgen::craft
