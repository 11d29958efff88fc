#include "bench/builder/defaulted_constructors.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "bench/builder/source_scan.h"

namespace akgen::bench {
namespace {

struct Constructor {
  size_t begin = 0;  // its specifiers' start
  size_t end = 0;    // past its `;`, or its body's `}`
  bool defaulted = false;
};

// The constructor of `name` whose name starts at `at`, in a class body at brace depth 0 relative to
// it: back over its specifiers to the end of the previous member, forward past `= default;` or its
// body. Nothing when `at` does not start a declaration (a call, a destructor, a qualified name).
std::optional<Constructor> ConstructorAt(const std::string& masked, size_t at, const std::string& name,
                                         size_t bodyOpen) {
  if (at > 0 && (masked[at - 1] == '~' || masked[at - 1] == ':' || masked[at - 1] == '.' || masked[at - 1] == '>'))
    return std::nullopt;
  const size_t open = SkipSpace(masked, at + name.size());
  if (open >= masked.size() || masked[open] != '(') return std::nullopt;
  size_t begin = at;
  while (begin > bodyOpen + 1) {
    const char c = masked[begin - 1];
    if (c == ';' || c == '{' || c == '}' || c == ':') break;
    if (c == '=' || c == '(' || c == ')' || c == ',' || c == '.') return std::nullopt;  // an expression
    --begin;
  }
  int depth = 0;
  size_t close = open;
  for (; close < masked.size(); ++close) {
    if (masked[close] == '(') ++depth;
    if (masked[close] == ')' && --depth == 0) break;
  }
  if (close >= masked.size()) return std::nullopt;
  size_t after = SkipSpace(masked, close + 1);
  Constructor constructor{begin, 0, false};
  if (masked[after] == '=') {
    const size_t word = SkipSpace(masked, after + 1);
    const size_t semicolon = SkipSpace(masked, word + 7);
    constructor.defaulted = WordAt(masked, word, "default") && semicolon < masked.size() && masked[semicolon] == ';';
    constructor.end = semicolon + 1;
    return constructor;
  }
  // A body or an initialiser list: a user-provided constructor. Its extent does not matter.
  constructor.end = after;
  return constructor;
}

}  // namespace

bool RewriteDefaultedConstructors(std::string& code) {
  if (code.find("default") == std::string::npos) return false;
  const std::string masked = Masked(code);
  struct Scope {
    std::optional<std::string> className;
    size_t open;
    std::vector<Constructor> constructors;
  };
  std::vector<Scope> scopes;
  std::vector<Constructor> blanks;
  for (size_t i = 0; i < masked.size(); ++i) {
    const char c = masked[i];
    if (c == '{') {
      scopes.push_back({ClassBodyName(masked, i), i, {}});
      continue;
    }
    if (c == '}') {
      if (scopes.empty()) continue;
      const Scope& scope = scopes.back();
      const bool allDefaulted = !scope.constructors.empty() &&
                                std::all_of(scope.constructors.begin(), scope.constructors.end(),
                                            [](const Constructor& constructor) { return constructor.defaulted; });
      if (allDefaulted) blanks.insert(blanks.end(), scope.constructors.begin(), scope.constructors.end());
      scopes.pop_back();
      continue;
    }
    if (scopes.empty() || !scopes.back().className || scopes.back().className->empty()) continue;
    Scope& scope = scopes.back();
    if (!WordAt(masked, i, *scope.className)) continue;
    if (const std::optional<Constructor> constructor = ConstructorAt(masked, i, *scope.className, scope.open)) {
      scope.constructors.push_back(*constructor);
      i = constructor->end > i ? constructor->end - 1 : i;
    } else {
      i += scope.className->size() - 1;
    }
  }
  for (const Constructor& blank : blanks)
    for (size_t j = blank.begin; j < blank.end; ++j)
      if (code[j] != '\n') code[j] = ' ';
  return !blanks.empty();
}

}  // namespace akgen::bench
