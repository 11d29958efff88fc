#include "bench/task/mkb_six_strings.h"

#include <sstream>

namespace akgen::bench {
namespace {

std::string PythonLiteral(const std::string& text) {
  std::string literal = "\"\"\"";
  for (const char c : text) {
    if (c == '\\' || c == '"') literal += '\\';
    literal += c;
  }
  return literal + "\"\"\"";
}

}  // namespace

std::string MkbSixStringFileText(const MkbSixStrings& strings, const std::string& header) {
  std::string text;
  std::istringstream lines(header);
  for (std::string line; std::getline(lines, line);) text += "# " + line + "\n";
  const std::pair<const char*, const std::string*> assignments[] = {
      {"project_json_src", &strings.projectJson}, {"host_tiling_src", &strings.hostTiling},
      {"host_operator_src", &strings.hostOperator}, {"kernel_src", &strings.kernel},
      {"python_bind_src", &strings.binding},        {"model_src", &strings.model}};
  for (const auto& [name, value] : assignments) text += std::string(name) + " = " + PythonLiteral(*value) + "\n\n";
  text.pop_back();
  return text;
}

}  // namespace akgen::bench
