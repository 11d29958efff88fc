#include "craft/lower/call_text.h"

namespace akgen::craft::lower {

std::string Call(const std::string& function, const std::vector<std::string>& args) {
  std::string text = function + "(";
  for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i];
  return text + ");";
}

std::string Reinterpreted(const std::string& tensor, const std::string& type) {
  return tensor + ".template ReinterpretCast<" + type + ">()";
}

std::string Constant(const std::string& type, const std::string& literal) {
  return type == "float" ? literal : "static_cast<" + type + ">(" + literal + ")";
}

std::string U32(const std::string& value) { return "static_cast<uint32_t>(" + value + ")"; }

std::string ScratchRegion(const std::string& type, const std::string& name, const std::string& elements,
                          const std::string& byteOffset) {
  return "LocalTensor<" + type + "> " + name + " = scratchBuf.GetWithOffset<" + type + ">(" + U32(elements) + ", " +
         (byteOffset == "0" ? "0" : U32(byteOffset)) + ");";
}

}  // namespace akgen::craft::lower
