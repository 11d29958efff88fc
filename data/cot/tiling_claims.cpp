#include "data/cot/tiling_claims.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <regex>

namespace akgen::data {
namespace {

// The value a claim ends with: `8192`, or the result of `8 * 1024 = 8192`; nullopt for a formula
// without a result (`ceil(total / 48)`, `8 * 1024`).
std::optional<double> StatedValue(const std::string& claim) {
  const size_t lastEquals = claim.rfind('=');
  const std::string text = lastEquals == std::string::npos ? claim : claim.substr(lastEquals + 1);
  static const std::regex kNumber(R"(^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([^\s]?))");
  std::smatch match;
  if (!std::regex_search(text, match, kNumber)) return std::nullopt;
  const std::string next = match[2].str();
  if (!next.empty() && std::string("*/+-x(^%").find(next[0]) != std::string::npos) return std::nullopt;
  return std::stod(match[1].str());
}

bool Agrees(double stated, const nlohmann::json& recorded) {
  if (recorded.is_number_integer() || recorded.is_number_unsigned() || recorded.is_boolean())
    return stated == (recorded.is_boolean() ? (recorded.get<bool>() ? 1.0 : 0.0) : recorded.get<double>());
  const double value = recorded.get<double>();
  return std::fabs(stated - value) <= 1e-5 * std::max(1.0, std::fabs(value));
}

std::string Shown(const nlohmann::json& value) { return value.dump(); }
std::string Shown(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

}  // namespace

TilingClaimCheck CheckTilingClaims(const std::string& trace, uint32_t blockDim, const nlohmann::json& tiling) {
  TilingClaimCheck check;
  std::map<std::string, nlohmann::json> recorded = {{"block_dim", blockDim}};
  if (tiling.is_object())
    for (const auto& [name, value] : tiling.items())
      if (value.is_number() || value.is_boolean()) recorded[name] = value;

  const size_t open = trace.rfind("<tiling>");
  const size_t close = open == std::string::npos ? open : trace.find("</tiling>", open);
  if (close == std::string::npos) {
    check.problems.push_back("the trace ends without a <tiling> … </tiling> block");
    return check;
  }
  std::map<std::string, bool> statedInBlock;
  for (const auto& [name, value] : recorded) {
    // `name = value`, `name: value` or `name is value`, the name standing alone.
    const std::regex claim("(^|[^A-Za-z0-9_])" + name + R"(\s*(=|:|is)\s*([^\n,;]*))");
    for (std::sregex_iterator it(trace.begin(), trace.end(), claim), end; it != end; ++it) {
      const std::optional<double> stated = StatedValue((*it)[3].str());
      if (!stated) continue;  // a formula, not a value
      ++check.stated;
      const size_t at = static_cast<size_t>(it->position(0));
      if (at > open && at < close) statedInBlock[name] = true;
      if (!Agrees(*stated, value))
        check.problems.push_back(name + " stated as " + Shown(*stated) + ", the host computed " + Shown(value));
    }
    if (!statedInBlock[name]) check.problems.push_back(name + " is missing from the <tiling> block");
  }
  return check;
}

}  // namespace akgen::data
