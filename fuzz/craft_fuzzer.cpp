// libFuzzer target: arbitrary bytes through the craft parser, checker and lowering. Any input must
// give diagnostics, never a crash, a hang or a sanitizer report; and a program the checker accepts
// must lower (check <=> compile: a program that passes the check but does not lower aborts here).
// `make fuzz` builds and runs it; a crasher it finds belongs in tests/craft/check/programs/ as a
// regression program.
#include <cstddef>
#include <cstdint>
#include <string>

#include <cstdio>
#include <cstdlib>

#include "craft/check/checker.h"
#include "craft/lower/lower.h"
#include "craft/syntax/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string source(reinterpret_cast<const char*>(data), size);
  akgen::craft::ParseResult parsed = akgen::craft::Parse(source, "fuzz.craft");
  if (parsed.program) {
    std::vector<akgen::craft::Diagnostic> diagnostics;
    const akgen::craft::ProgramModel model = akgen::craft::BuildModel(*parsed.program, "fuzz.craft", diagnostics);
    for (const akgen::craft::Diagnostic& diagnostic : diagnostics) {
      if (diagnostic.severity == akgen::craft::Severity::Error) return 0;
    }
    const akgen::craft::LoweringResult lowered = akgen::craft::LowerProgram(*parsed.program, model);
    if (!lowered.op) {
      std::fprintf(stderr, "checked but not lowered: %s\n", lowered.unsupported.c_str());
      std::abort();
    }
  }
  return 0;
}
