#include "bench/builder/npu_syntax.h"

#include <array>
#include <cctype>
#include <string_view>

#include "bench/builder/defaulted_constructors.h"
#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/builder/member_specializations.h"

namespace akgen::bench {
namespace {

bool IsIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where the template argument list ending just before `end` (a `>`) opens, or `end` when the
// brackets do not balance.
size_t TemplateArgumentsBegin(const std::string& source, size_t end) {
  int depth = 0;
  for (size_t i = end; i > 0; --i) {
    const char c = source[i - 1];
    if (c == '>') ++depth;
    if (c == '<' && --depth == 0) return i - 1;
    if (c == ';' || c == '{' || c == '}') break;
  }
  return end;
}

// Where the callee before a `<<<` at `chevron` starts: a possibly qualified identifier (`a::b`),
// possibly with template arguments (`kernel<float>`, as direct-launch files instantiate their
// kernel templates), possibly followed by whitespace. `chevron` itself when there is none.
size_t CalleeBegin(const std::string& source, size_t chevron) {
  size_t begin = chevron;
  while (begin > 0 && std::isspace(static_cast<unsigned char>(source[begin - 1]))) --begin;
  if (begin > 0 && source[begin - 1] == '>') {
    const size_t open = TemplateArgumentsBegin(source, begin);
    if (open == begin) return chevron;
    begin = open;
  }
  const size_t nameEnd = begin;
  while (begin > 0 && (IsIdentifierChar(source[begin - 1]) || source[begin - 1] == ':')) --begin;
  return begin == nameEnd ? chevron : begin;
}

// The length of the NPU compiler's function attribute at `i` (`[aicore]`, `[host, aicore]`, …), or 0.
// No kernel subscripts with a variable named aicore, so the bracket is always the attribute.
size_t AicoreAttributeLength(const std::string& source, size_t i) {
  if (source[i] != '[') return 0;
  const size_t close = source.find(']', i);
  if (close == std::string::npos || close - i > 24) return 0;
  std::string words;
  for (size_t j = i + 1; j < close; ++j)
    if (!std::isspace(static_cast<unsigned char>(source[j]))) words += source[j];
  return words == "aicore" || words == "host,aicore" || words == "aicore,host" ? close + 1 - i : 0;
}

// Identifiers without which a kernel has no cube work (npu_syntax.h): a superset of what can make a
// compiled object reference the simulator's cube functions (kernel_core_types.h).
constexpr std::array<std::string_view, 11> kCubeWords = {
    "Mmad",
    "LoadData",
    "LoadDataWithTranspose",
    "Fixpipe",
    "Matmul",
    "REGIST_MATMUL_OBJ",
    "REGIST_MATMUL_OBJ_STATIC",
    "REGIST_CUBE_OBJ",
    "KERNEL_TYPE_AIC_ONLY",
    "KERNEL_TYPE_MIX_AIC_1_0",
    "KERNEL_TYPE_MIX_AIC_1_1",
};
}  // namespace

size_t SkipCommentOrLiteral(const std::string& source, size_t i) {
  if (source.compare(i, 2, "//") == 0) {
    const size_t end = source.find('\n', i);
    return end == std::string::npos ? source.size() : end;
  }
  if (source.compare(i, 2, "/*") == 0) {
    const size_t end = source.find("*/", i + 2);
    return end == std::string::npos ? source.size() : end + 2;
  }
  if (source[i] == '"' || source[i] == '\'') {
    size_t j = i + 1;
    while (j < source.size() && source[j] != source[i]) j += source[j] == '\\' ? 2 : 1;
    return j < source.size() ? j + 1 : source.size();
  }
  return i;
}

bool MayUseCubeCore(const std::string& source) {
  for (size_t i = 0; i < source.size();) {
    const size_t skipped = SkipCommentOrLiteral(source, i);
    if (skipped != i) {
      i = skipped;
      continue;
    }
    if (!IsIdentifierChar(source[i]) || (i > 0 && IsIdentifierChar(source[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < source.size() && IsIdentifierChar(source[end])) ++end;
    const std::string_view word(source.data() + i, end - i);
    for (std::string_view cubeWord : kCubeWords)
      if (word == cubeWord) return true;
    i = end;
  }
  return false;
}

std::optional<std::string> RewriteNpuSyntax(const std::string& original, const std::string& originalPath) {
  std::string source = original;
  bool rewritten = RewriteMemberSpecializations(source);
  rewritten = RewriteDefaultedConstructors(source) || rewritten;
  std::string code;
  bool launches = false;
  size_t copiedUpTo = 0;  // source[0, copiedUpTo) is already in `code`
  for (size_t i = 0; i < source.size();) {
    const size_t skipped = SkipCommentOrLiteral(source, i);
    if (skipped != i) {
      i = skipped;
      continue;
    }
    if (const size_t length = AicoreAttributeLength(source, i); length > 0) {
      code += source.substr(copiedUpTo, i - copiedUpTo) + std::string(length, ' ');
      copiedUpTo = i = i + length;
      rewritten = true;
      continue;
    }
    if (source.compare(i, 3, "<<<") != 0) {
      ++i;
      continue;
    }
    const size_t calleeBegin = CalleeBegin(source, i);
    const size_t close = source.find(">>>", i + 3);
    if (calleeBegin == i || calleeBegin < copiedUpTo || close == std::string::npos) {
      i += 3;
      continue;
    }
    size_t calleeEnd = i;
    while (calleeEnd > calleeBegin && std::isspace(static_cast<unsigned char>(source[calleeEnd - 1]))) --calleeEnd;
    const std::string callee = source.substr(calleeBegin, calleeEnd - calleeBegin);
    // The whitespace between callee and chevrons stays, so every newline keeps its place.
    code += source.substr(copiedUpTo, calleeBegin - copiedUpTo);
    code += "::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(" + callee + ")" +
            source.substr(calleeEnd, i - calleeEnd) + ", \"" + callee + "\", ";
    code += source.substr(i + 3, close - (i + 3)) + ")";
    copiedUpTo = i = close + 3;
    rewritten = launches = true;
  }
  if (!rewritten) return std::nullopt;
  code += source.substr(copiedUpTo);
  std::string escapedPath;
  for (char c : originalPath) escapedPath += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  const std::string launcher = launches ? "#include \"ascendc_sim/chevron_launch.h\"\n" : "";
  return launcher + "#line 1 \"" + escapedPath + "\"\n" + code;
}

std::vector<std::filesystem::path> MirrorCompilable(const std::vector<std::filesystem::path>& files,
                                                    const std::filesystem::path& root,
                                                    const std::filesystem::path& mirror) {
  std::vector<std::filesystem::path> copies;
  for (const std::filesystem::path& file : files) {
    const std::filesystem::path copy = mirror / std::filesystem::relative(file, root);
    std::filesystem::create_directories(copy.parent_path());
    const std::string extension = file.extension().string();
    const bool cxx = extension == ".cpp" || extension == ".h" || extension == ".hpp" || extension == ".cc" ||
                     extension == ".cxx" || extension == ".hh" || extension == ".inc";
    const std::string original = ReadFileText(file);
    const std::optional<std::string> rewritten = RewriteNpuSyntax(original, file.string());
    std::string text = rewritten ? *rewritten : original;
    if (!rewritten && cxx) text = "#line 1 \"" + file.string() + "\"\n" + text;
    WriteFileBytes(copy, text.data(), text.size());
    copies.push_back(copy);
  }
  return copies;
}

}  // namespace akgen::bench
