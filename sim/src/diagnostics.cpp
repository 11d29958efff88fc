#include "diagnostics.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core_launch.h"
#include "launch_state.h"

namespace ascendc_sim {
namespace {

std::vector<Diagnostic>& Log() {
  static std::vector<Diagnostic> log;
  return log;
}

std::set<std::tuple<std::string, std::string, uint32_t>>& SeenWarnings() {
  static std::set<std::tuple<std::string, std::string, uint32_t>> seen;
  return seen;
}

void WriteJson(const Diagnostic& diagnostic) {
  const char* path = std::getenv("AKGEN_SIM_DIAG_JSON");
  if (path == nullptr || path[0] == '\0') return;
  nlohmann::json record = {
      {"severity", diagnostic.severity == Severity::kError ? "error" : "warning"},
      {"kind", diagnostic.kind},
      {"file", diagnostic.file},
      {"line", diagnostic.line},
      {"api", diagnostic.api},
      {"block", diagnostic.block},
      {"core", diagnostic.core},
      {"message", diagnostic.message},
      {"notes", diagnostic.notes},
  };
  std::ofstream out(path, std::ios::app);
  out << record.dump() << '\n';
}

void Emit(Diagnostic diagnostic) {
  const char* word = diagnostic.severity == Severity::kError ? "error" : "warning";
  std::string text = Format("%s:%u: %s: [%s] %s (%s, %s)\n", diagnostic.file.c_str(), diagnostic.line, word,
                            diagnostic.kind.c_str(), diagnostic.message.c_str(),
                            diagnostic.core.empty() ? "no block" : diagnostic.core.c_str(), diagnostic.api.c_str());
  for (const std::string& note : diagnostic.notes) text += Format("%s:%u: note: %s\n", diagnostic.file.c_str(), diagnostic.line, note.c_str());
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
  WriteJson(diagnostic);
  Log().push_back(std::move(diagnostic));
}

Diagnostic Make(Severity severity, const char* kind, const Site& site, std::string message) {
  Diagnostic diagnostic;
  diagnostic.severity = severity;
  diagnostic.kind = kind;
  diagnostic.file = site.file ? site.file : "<unknown>";
  diagnostic.line = site.line;
  diagnostic.api = site.api ? site.api : "";
  diagnostic.block = CurrentBlockIndexOrNone();
  diagnostic.core = CurrentCoreLabelOrNone();
  diagnostic.message = std::move(message);
  return diagnostic;
}

}  // namespace

std::string Format(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string text(size > 0 ? size_t(size) : 0, '\0');
  std::vsnprintf(text.data(), text.size() + 1, format, args);
  va_end(args);
  return text;
}

void ReportError(const char* kind, const Site& site, std::string message, std::vector<std::string> notes) {
  Diagnostic diagnostic = Make(Severity::kError, kind, site, std::move(message));
  diagnostic.notes = std::move(notes);
  Emit(std::move(diagnostic));
}

void RaiseError(const char* kind, const Site& site, std::string message, std::vector<std::string> notes) {
  ReportError(kind, site, std::move(message), std::move(notes));
  throw KernelAborted{};
}

bool StrictMode() {
  const char* value = std::getenv("AKGEN_SIM_STRICT");
  return value != nullptr && value[0] == '1';
}

void RaiseWarning(const char* kind, const Site& site, std::string message, bool errorWhenStrict,
                  std::vector<std::string> notes) {
  if (errorWhenStrict && StrictMode()) {
    RaiseError(kind, site, std::move(message) + " (an error under AKGEN_SIM_STRICT=1)", std::move(notes));
  }
  const auto key = std::make_tuple(std::string(kind), std::string(site.file ? site.file : ""), site.line);
  if (!SeenWarnings().insert(key).second) return;
  Diagnostic diagnostic = Make(Severity::kWarning, kind, site, std::move(message));
  diagnostic.notes = std::move(notes);
  Emit(std::move(diagnostic));
}

std::vector<Diagnostic> TakeDiagnostics() {
  std::vector<Diagnostic> taken;
  taken.swap(Log());
  return taken;
}

void ResetWarningDeduplication() { SeenWarnings().clear(); }

}  // namespace ascendc_sim
