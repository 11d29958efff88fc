// libFuzzer target: arbitrary bytes through the craft parser and checker (issue 5, item 6). Any
// input must give diagnostics, never a crash, a hang or a sanitizer report. `make fuzz` builds and
// runs it; a crasher it finds belongs in tests/craft/check/programs/ as a regression program.
#include <cstddef>
#include <cstdint>
#include <string>

#include "craft/check/checker.h"
#include "craft/syntax/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string source(reinterpret_cast<const char*>(data), size);
  akgen::craft::ParseResult parsed = akgen::craft::Parse(source, "fuzz.craft");
  if (parsed.program) {
    std::vector<akgen::craft::Diagnostic> diagnostics;
    akgen::craft::BuildModel(*parsed.program, "fuzz.craft", diagnostics);
  }
  return 0;
}
