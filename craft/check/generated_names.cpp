#include "craft/check/generated_names.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace akgen::craft {
namespace {

// C++20's keywords and alternative tokens (craft's reserved words among them are refused earlier),
// the types the generated code spells, and the names the tiling function and the kernel entry
// declare (docs/dsl.md "How a program is lowered"), and locals of compute statements.
constexpr std::array<std::string_view, 132> kNames = {
    "alignas", "alignof", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
    "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr", "constinit",
    "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
    "dynamic_cast", "enum", "explicit", "export", "extern", "float", "friend", "goto", "inline", "int", "long",
    "mutable", "namespace", "new", "noexcept", "not_eq", "nullptr", "operator", "or_eq", "private", "protected",
    "public", "register", "reinterpret_cast", "requires", "return", "short", "signed", "static", "static_assert",
    "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "try", "typedef", "typeid",
    "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    "half", "bfloat16_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
    "size_t", "std", "ge", "gert", "optiling", "ops", "AscendC", "platform", "context", "tiling", "tilingData",
    "workspace", "op", "pipe", "next", "scratchBuf", "zeroBuf"};

}  // namespace

bool IsGeneratedCodeName(const std::string& name) {
  // The locals and temporaries the compute statements declare are all named scratch...
  if (name.rfind("scratch", 0) == 0) return true;
  return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

}  // namespace akgen::craft
