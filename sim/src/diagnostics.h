// Runtime diagnostics: compiler-style lines on stderr and, with AKGEN_SIM_DIAG_JSON, JSON lines.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

enum class Severity : uint8_t { kWarning, kError };

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string kind;
  std::string file;
  uint32_t line = 0;
  std::string api;
  int64_t block = -1;
  std::string core;  // "block 3", or in a launch with cube cores "AIC of block 1", "AIV 0 of block 1"
  std::string message;
  std::vector<std::string> notes;
};

// Thrown through kernel code to the block's fiber entry once an error has been reported.
struct KernelAborted {};

std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Reports an error; the caller stops the block (RaiseError, AbandonRunningBlock).
void ReportError(const char* kind, const Site& site, std::string message, std::vector<std::string> notes = {});
// Reports an error and stops the launch.
[[noreturn]] void RaiseError(const char* kind, const Site& site, std::string message, std::vector<std::string> notes = {});
// Reports a warning once per kind and source line; under AKGEN_SIM_STRICT=1 a strict warning is an error.
void RaiseWarning(const char* kind, const Site& site, std::string message, bool errorWhenStrict = false,
                  std::vector<std::string> notes = {});
// Whether AKGEN_SIM_STRICT=1 asks for the checks that are stricter than the hardware.
bool StrictMode();

// The diagnostics reported since the last call; the runtime keeps them for host-side users.
std::vector<Diagnostic> TakeDiagnostics();
void ResetWarningDeduplication();

}  // namespace ascendc_sim
