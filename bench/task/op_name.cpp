#include "bench/task/op_name.h"

#include <cctype>

namespace akgen::bench {
namespace {

bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool IsLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::string KernelName(std::string_view opName) {
  std::string name;
  for (size_t i = 0; i < opName.size(); ++i) {
    const char c = opName[i];
    if (IsUpper(c) && i > 0) {
      const char previous = opName[i - 1];
      const bool afterWord = IsLower(previous) || IsDigit(previous);
      const bool startsWordAfterCapital = IsUpper(previous) && i + 1 < opName.size() && IsLower(opName[i + 1]);
      if (afterWord || startsWordAfterCapital) name += '_';
    }
    name += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return name;
}

}  // namespace akgen::bench
