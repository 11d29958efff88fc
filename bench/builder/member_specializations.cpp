#include "bench/builder/member_specializations.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

#include "bench/builder/npu_syntax.h"
#include "bench/builder/source_scan.h"

namespace akgen::bench {
namespace {

// The parameter a member class template gains so its in-class specialisations can be partial ones.
constexpr const char* kSpecializationTag = "AkgenSpecialization_";

// The specialised member in the declaration starting at `from`: where its name ends and its
// explicit template arguments' `<`..`>` span, when the declaration is a function (a `(` follows).
struct SpecializedName {
  std::string name;  // `operator()` or an identifier
  size_t argsOpen = 0;
  size_t argsClose = 0;  // past the `>`
};
std::optional<SpecializedName> FindSpecializedName(const std::string& masked, size_t from) {
  for (size_t i = from; i < masked.size(); ++i) {
    const char c = masked[i];
    if (c == ';' || c == '{' || c == '=') return std::nullopt;
    size_t nameEnd = 0;
    std::string name;
    if (WordAt(masked, i, "operator") && masked.compare(SkipSpace(masked, i + 8), 2, "()") == 0) {
      nameEnd = SkipSpace(masked, i + 8) + 2;
      name = "operator()";
    } else if (IsWordChar(c) && (i == 0 || !IsWordChar(masked[i - 1]))) {
      nameEnd = i;
      while (nameEnd < masked.size() && IsWordChar(masked[nameEnd])) ++nameEnd;
      name = masked.substr(i, nameEnd - i);
    } else {
      continue;
    }
    const size_t open = SkipSpace(masked, nameEnd);
    if (open < masked.size() && masked[open] == '<') {
      if (const std::optional<size_t> close = CloseAngle(masked, open)) {
        const size_t paren = SkipSpace(masked, *close);
        if (paren < masked.size() && masked[paren] == '(') return SpecializedName{name, open, *close};
      }
    }
    i = nameEnd - 1;
  }
  return std::nullopt;
}

// Whether the declaration from `from` declares `name` as a function without explicit arguments.
bool DeclaresPrimary(const std::string& masked, size_t from, const std::string& name) {
  for (size_t i = from; i < masked.size(); ++i) {
    if (masked[i] == ';' || masked[i] == '{') return false;
    if (name == "operator()" ? !WordAt(masked, i, "operator") : !WordAt(masked, i, name)) continue;
    size_t after = name == "operator()" ? SkipSpace(masked, i + 8) : i + name.size();
    if (name == "operator()") {
      if (masked.compare(after, 2, "()") != 0) continue;
      after += 2;
    }
    after = SkipSpace(masked, after);
    if (after < masked.size() && masked[after] == '(') return true;
  }
  return false;
}

// The constraint making the primary's head `head` mean the explicit arguments `args`; nothing when
// the head is one this rewrite cannot read (packs, template template parameters).
std::optional<std::string> Constraint(const std::string& head, const std::string& args) {
  const std::vector<std::string> parameters = SplitTopLevel(head), arguments = SplitTopLevel(args);
  if (arguments.empty() || arguments.size() > parameters.size()) return std::nullopt;
  std::string constraint;
  for (size_t i = 0; i < arguments.size(); ++i) {
    std::string parameter = parameters[i];
    int depth = 0;
    for (size_t j = 0; j < parameter.size(); ++j) {  // drop the default argument
      const char c = parameter[j];
      if (c == '<' || c == '(') ++depth;
      if (c == '>' || c == ')') --depth;
      if (c == '=' && depth == 0) {
        parameter = Trimmed(parameter.substr(0, j));
        break;
      }
    }
    if (parameter.find("...") != std::string::npos || WordAt(parameter, 0, "template")) return std::nullopt;
    size_t nameEnd = parameter.size();
    size_t nameBegin = nameEnd;
    while (nameBegin > 0 && IsWordChar(parameter[nameBegin - 1])) --nameBegin;
    if (nameBegin == nameEnd) return std::nullopt;
    const std::string name = parameter.substr(nameBegin);
    const bool type = WordAt(parameter, 0, "class") || WordAt(parameter, 0, "typename");
    constraint += std::string(i ? " && " : "") +
                  (type ? "__is_same(" + name + ", " + arguments[i] + ")" : "(" + name + ") == (" + arguments[i] + ")");
  }
  return constraint;
}

// `class|struct|union NAME <` at `from` (after spaces): the name and the argument list's `<`.
std::optional<std::pair<std::string, size_t>> SpecializedClass(const std::string& masked, size_t from) {
  size_t i = SkipSpace(masked, from);
  size_t keyword = 0;
  for (std::string_view key : {"class", "struct", "union"})
    if (WordAt(masked, i, key)) keyword = key.size();
  if (keyword == 0) return std::nullopt;
  i = SkipSpace(masked, i + keyword);
  size_t end = i;
  while (end < masked.size() && IsWordChar(masked[end])) ++end;
  const size_t open = SkipSpace(masked, end);
  if (end == i || open >= masked.size() || masked[open] != '<') return std::nullopt;
  return std::make_pair(masked.substr(i, end - i), open);
}

// Whether the template declared from `from` is the class template `name` itself (not a
// specialisation): `class|struct|union name` followed by `{`, `:` or `;`.
bool DeclaresPrimaryClass(const std::string& masked, size_t from, const std::string& name) {
  size_t i = SkipSpace(masked, from);
  size_t keyword = 0;
  for (std::string_view key : {"class", "struct", "union"})
    if (WordAt(masked, i, key)) keyword = key.size();
  if (keyword == 0) return false;
  i = SkipSpace(masked, i + keyword);
  if (!WordAt(masked, i, name)) return false;
  const size_t after = SkipSpace(masked, i + name.size());
  return after < masked.size() && (masked[after] == '{' || masked[after] == ':' || masked[after] == ';');
}

std::string OneLine(std::string text) {
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

}  // namespace

bool RewriteMemberSpecializations(std::string& code) {
  if (code.find("template") == std::string::npos) return false;
  const std::string masked = Masked(code);
  struct Edit {
    size_t begin, end;
    std::string text;
  };
  std::vector<Edit> edits;
  std::vector<std::pair<bool, size_t>> scopes;  // per open brace: a class body?, where it opened
  for (size_t i = 0; i < masked.size(); ++i) {
    const char c = masked[i];
    if (c == '{') {
      scopes.emplace_back(ClassBodyName(masked, i).has_value(), i);
      continue;
    }
    if (c == '}') {
      if (!scopes.empty()) scopes.pop_back();
      continue;
    }
    if (scopes.empty() || !scopes.back().first) continue;
    const auto head = TemplateHead(masked, i);
    if (!head || !Trimmed(head->first).empty()) continue;
    if (const auto specializedClass = SpecializedClass(masked, head->second)) {
      // A member class template: g++ takes a partial specialisation in class scope, so the primary
      // gains a defaulted parameter and the specialisation becomes a partial one on it.
      std::optional<size_t> primaryClose;
      for (size_t j = scopes.back().second; j < i; ++j) {
        const auto candidate = TemplateHead(masked, j);
        if (candidate && !Trimmed(candidate->first).empty() && candidate->first.find("...") == std::string::npos &&
            DeclaresPrimaryClass(masked, candidate->second, specializedClass->first))
          primaryClose = candidate->second - 1;
      }
      const std::optional<size_t> argsClose = CloseAngle(masked, specializedClass->second);
      if (!primaryClose || !argsClose) continue;
      if (std::none_of(edits.begin(), edits.end(), [&](const Edit& edit) { return edit.begin == *primaryClose; }))
        edits.push_back({*primaryClose, *primaryClose, std::string(", class ") + kSpecializationTag + " = void"});
      edits.push_back({i, head->second, std::string("template <class ") + kSpecializationTag + ">"});
      edits.push_back({*argsClose - 1, *argsClose - 1, std::string(", ") + kSpecializationTag});
      continue;
    }
    const std::optional<SpecializedName> specialized = FindSpecializedName(masked, head->second);
    if (!specialized) continue;
    // The primary: the nearest earlier template of the same name in this class body.
    std::optional<std::string> primaryHead;
    for (size_t j = scopes.back().second; j < i; ++j) {
      const auto candidate = TemplateHead(masked, j);
      if (!candidate || Trimmed(candidate->first).empty()) continue;
      if (DeclaresPrimary(masked, candidate->second, specialized->name)) primaryHead = candidate->first;
    }
    if (!primaryHead) continue;
    const std::string args = code.substr(specialized->argsOpen + 1, specialized->argsClose - specialized->argsOpen - 2);
    const std::optional<std::string> constraint = Constraint(*primaryHead, OneLine(args));
    if (!constraint) continue;
    edits.push_back({i, head->second, "template <" + OneLine(*primaryHead) + "> requires (" + *constraint + ")"});
    std::string blank = code.substr(specialized->argsOpen, specialized->argsClose - specialized->argsOpen);
    for (char& ch : blank)
      if (ch != '\n') ch = ' ';
    edits.push_back({specialized->argsOpen, specialized->argsClose, blank});
    i = specialized->argsClose - 1;
  }
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  for (const Edit& edit : edits) code.replace(edit.begin, edit.end - edit.begin, edit.text);
  return !edits.empty();
}

}  // namespace akgen::bench
