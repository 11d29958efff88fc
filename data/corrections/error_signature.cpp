#include "data/corrections/error_signature.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include "bench/metrics/failure_taxonomy.h"

namespace akgen::data {
namespace {

bool IdentifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

// `AscendC::DataCopy(AscendC::LocalTensor<float>&, …)` → DataCopy; `class AscendC::TQue<…>` → TQue.
std::string BaseName(std::string quoted) {
  for (const char* keyword : {"class ", "struct ", "const ", "enum "})
    if (quoted.rfind(keyword, 0) == 0) quoted.erase(0, std::string(keyword).size());
  const size_t cut = quoted.find_first_of("<(");
  quoted = quoted.substr(0, cut);
  const size_t scope = quoted.rfind("::");
  if (scope != std::string::npos) quoted.erase(0, scope + 2);
  while (!quoted.empty() && std::isspace(static_cast<unsigned char>(quoted.back()))) quoted.pop_back();
  const bool identifier = !quoted.empty() && IdentifierStart(quoted.front()) &&
                          std::all_of(quoted.begin(), quoted.end(),
                                      [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  return identifier ? quoted : "";
}

}  // namespace

ErrorSignature CompileErrorSignature(std::string_view compilerLog) {
  ErrorSignature result;
  const std::string message = bench::FirstCompileError(compilerLog);
  if (message.empty()) return result;
  std::string signature;
  size_t i = 0;
  while (i < message.size()) {
    const size_t open = message.find('\'', i);
    const size_t close = open == std::string::npos ? open : message.find('\'', open + 1);
    if (close == std::string::npos) {
      signature += message.substr(i);
      break;
    }
    signature += message.substr(i, open - i);
    const std::string quoted = message.substr(open + 1, close - open - 1);
    const std::string name = BaseName(quoted);
    if (!name.empty()) {
      result.names.push_back(name);
      signature += "'ID'";
    } else {
      signature += "'" + quoted + "'";  // punctuation such as ';' is the mistake itself
    }
    i = close + 1;
  }
  signature = std::regex_replace(signature, std::regex("\\b[0-9]+\\b"), "N");
  const size_t first = signature.find_first_not_of(' ');
  result.signature = first == std::string::npos ? "" : signature.substr(first);
  return result;
}

}  // namespace akgen::data
