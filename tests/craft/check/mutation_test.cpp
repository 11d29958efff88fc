// Thousands of mutated copies of the golden programs (deterministic seed) go through Parse and
// the checker: none may crash, every diagnostic is well formed, and a mutation that surely breaks
// a clean program (a lost `:`, a tab, a stray character, an undeclared name, a lost `)`) gives an
// error.
#include <gtest/gtest.h>

#include <random>

#include "craft/check/checker.h"
#include "craft/syntax/parser.h"
#include "tests/craft/check/program_files.h"

namespace akgen::craft {
namespace {

constexpr uint32_t kSeed = 20261122;

std::vector<Diagnostic> Diagnose(const std::string& source) {
  ParseResult parsed = Parse(source, "m.craft");
  std::vector<Diagnostic> diagnostics = parsed.diagnostics;
  if (parsed.program) BuildModel(*parsed.program, "m.craft", diagnostics);
  return diagnostics;
}

bool HasError(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& diagnostic : diagnostics)
    if (diagnostic.severity == Severity::Error) return true;
  return false;
}

void ExpectWellFormed(const std::vector<Diagnostic>& diagnostics, const std::string& source) {
  for (const Diagnostic& diagnostic : diagnostics) {
    EXPECT_GE(diagnostic.line, 1) << source;
    EXPECT_GE(diagnostic.column, 1) << source;
    EXPECT_FALSE(diagnostic.message.empty()) << source;
    EXPECT_FALSE(diagnostic.hint.empty()) << diagnostic.message;
    EXPECT_FALSE(diagnostic.kind.empty()) << diagnostic.message;
  }
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// The code part of a line: up to its comment.
size_t CodeEnd(const std::string& line) { return std::min(line.find('#'), line.size()); }

class Mutator {
 public:
  explicit Mutator(uint32_t seed) : random_(seed) {}

  size_t Pick(size_t count) { return std::uniform_int_distribution<size_t>(0, count - 1)(random_); }

  // Any edit at all: the result may or may not be a valid program.
  std::string Random(std::string text) {
    static const std::string kAlphabet = "():,[]=+-*/ \n\t#\"'0123456789abcxyz_.$\xC3";
    size_t position = Pick(text.size() + 1);
    if (text.empty()) return text.insert(0, 1, kAlphabet[Pick(kAlphabet.size())]);
    switch (Pick(6)) {
      case 0: return text.erase(std::min(position, text.size()), 1 + Pick(8));
      case 1: return text.insert(position, 1, kAlphabet[Pick(kAlphabet.size())]);
      case 2: return text.insert(position, std::string(1 + Pick(6), kAlphabet[Pick(kAlphabet.size())]));
      case 3: {
        std::vector<std::string> lines = Lines(text);
        std::swap(lines[Pick(lines.size())], lines[Pick(lines.size())]);
        return Join(lines);
      }
      case 4: {
        std::vector<std::string> lines = Lines(text);
        size_t line = Pick(lines.size());
        lines.insert(lines.begin() + line, lines[line]);
        return Join(lines);
      }
      default: return text.substr(0, position);
    }
  }

  // An edit that surely breaks a clean program, or nullopt when this program offers no place for
  // the chosen kind.
  std::optional<std::string> Breaking(const std::string& text) {
    std::vector<std::string> lines = Lines(text);
    std::vector<size_t> candidates;
    size_t kind = Pick(5);
    for (size_t i = 0; i < lines.size(); ++i) {
      const std::string code = lines[i].substr(0, CodeEnd(lines[i]));
      bool hasCode = code.find_first_not_of(' ') != std::string::npos;
      bool hasString = code.find('"') != std::string::npos;  // a `$` or a name inside one breaks nothing
      bool fits = kind == 0   ? hasCode && code.find_last_not_of(' ') != std::string::npos &&
                                  code[code.find_last_not_of(' ')] == ':'
                  : kind == 1 ? hasCode && code[0] == ' '
                  : kind == 2 ? hasCode && !hasString
                  : kind == 3 ? InKernel(lines, i) && code.find('=') != std::string::npos && !hasString
                              : code.find(')') != std::string::npos;
      if (fits) candidates.push_back(i);
    }
    if (candidates.empty()) return std::nullopt;
    size_t line = candidates[Pick(candidates.size())];
    std::string& target = lines[line];
    size_t codeEnd = CodeEnd(target);
    switch (kind) {
      case 0: target.erase(target.find_last_of(':', codeEnd), 1); break;
      case 1: target.insert(Pick(target.find_first_not_of(' ') + 1), "\t"); break;
      case 2: target.insert(Pick(codeEnd + 1), "$"); break;
      case 3: {
        // A name on the right of `=`: replaced by an undeclared one.
        size_t from = target.find('=') + 1;
        std::vector<std::pair<size_t, size_t>> names;
        for (size_t i = from; i < codeEnd; ++i) {
          if (!(std::isalpha(static_cast<unsigned char>(target[i])) || target[i] == '_') ||
              (i > 0 && (std::isalnum(static_cast<unsigned char>(target[i - 1])) || target[i - 1] == '_')))
            continue;
          size_t end = i;
          while (end < codeEnd && (std::isalnum(static_cast<unsigned char>(target[end])) || target[end] == '_')) ++end;
          names.emplace_back(i, end - i);
        }
        if (names.empty()) return std::nullopt;
        auto [at, length] = names[Pick(names.size())];
        target.replace(at, length, "undeclared_zz");
        break;
      }
      default: target.erase(target.find(')'), 1); break;
    }
    return Join(lines);
  }

 private:
  static bool InKernel(const std::vector<std::string>& lines, size_t line) {
    for (size_t i = line; i-- > 0;)
      if (lines[i].rfind("kernel:", 0) == 0) return true;
    return false;
  }

  std::mt19937 random_;
};

TEST(CraftMutation, RandomEditsNeverCrashAndGiveWellFormedDiagnostics) {
  std::vector<testing::ProgramFile> programs = testing::GoldenPrograms();
  ASSERT_FALSE(programs.empty());
  Mutator mutator(kSeed);
  for (int round = 0; round < 3000; ++round) {
    std::string source = programs[round % programs.size()].text;
    for (size_t edits = 1 + mutator.Pick(4); edits > 0; --edits) source = mutator.Random(source);
    ExpectWellFormed(Diagnose(source), source);
    if (HasFailure()) return;
  }
}

TEST(CraftMutation, BreakingEditsAlwaysGiveAnError) {
  std::vector<std::string> clean;
  for (const testing::ProgramFile& program : testing::GoldenPrograms())
    if (!HasError(Diagnose(program.text))) clean.push_back(program.text);
  ASSERT_GE(clean.size(), 4u);
  Mutator mutator(kSeed + 1);
  int tried = 0;
  for (int round = 0; round < 2000; ++round) {
    std::optional<std::string> broken = mutator.Breaking(clean[round % clean.size()]);
    if (!broken) continue;
    ++tried;
    std::vector<Diagnostic> diagnostics = Diagnose(*broken);
    ExpectWellFormed(diagnostics, *broken);
    EXPECT_TRUE(HasError(diagnostics)) << "no error for:\n" << *broken;
    if (HasFailure()) return;
  }
  EXPECT_GT(tried, 1500);
}

}  // namespace
}  // namespace akgen::craft
