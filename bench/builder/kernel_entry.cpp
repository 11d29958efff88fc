#include "bench/builder/kernel_entry.h"

#include <regex>

#include "bench/common/content_hash.h"

namespace akgen::bench {
namespace {

// Comments replaced by a space, so a commented-out entry does not count. String literals are rare
// in kernels and never contain comment markers in practice; "C" is kept either way.
std::string WithoutComments(const std::string& source) {
  std::string code;
  for (size_t i = 0; i < source.size(); ++i) {
    if (source.compare(i, 2, "//") == 0) {
      i = source.find('\n', i);
      if (i == std::string::npos) break;
      code += '\n';
    } else if (source.compare(i, 2, "/*") == 0) {
      i = source.find("*/", i + 2);
      if (i == std::string::npos) break;
      ++i;
      code += ' ';
    } else {
      code += source[i];
    }
  }
  return code;
}

// Top-level commas between the parentheses opened at `open`, plus one; 0 for `()` or `(void)`.
int CountParameters(const std::string& code, size_t open) {
  int depth = 0, commas = 0;
  std::string text;
  for (size_t i = open; i < code.size(); ++i) {
    const char c = code[i];
    if (c == '(' || c == '<' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == ']') --depth;
    if (depth == 0) {
      const std::string trimmed = std::regex_replace(text, std::regex("\\s+"), "");
      return trimmed.empty() || trimmed == "void" ? 0 : commas + 1;
    }
    if (i > open) text += c;
    if (c == ',' && depth == 1) ++commas;
  }
  return -1;
}

}  // namespace

int EntryParameterCount(const std::string& source, const std::string& kernelName) {
  const std::string code = WithoutComments(source);
  const std::regex entry("extern\\s*\"C\"[\\w\\s]*\\bvoid\\s+" + kernelName + "\\s*\\(");
  std::smatch match;
  if (!std::regex_search(code, match, entry)) return -1;
  return CountParameters(code, static_cast<size_t>(match.position(0) + match.length(0) - 1));
}

KernelEntry FindKernelEntry(const std::vector<std::filesystem::path>& kernelFiles, const std::string& kernelName) {
  for (const std::filesystem::path& file : kernelFiles) {
    const int count = EntryParameterCount(ReadFileText(file), kernelName);
    if (count >= 0) return {file, count, ""};
  }
  return {{}, 0,
          "no kernel entry `extern \"C\" __global__ __aicore__ void " + kernelName +
              "(GM_ADDR ...)` in op_kernel/: define the entry with that exact name"};
}

}  // namespace akgen::bench
