#include "bench/cache/byte_count.h"

#include <cctype>
#include <cstdio>

namespace akgen::bench {

std::optional<uintmax_t> ParseByteCount(const std::string& text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 15) return std::nullopt;
  const uintmax_t number = std::stoull(text.substr(0, digits));
  std::string unit = text.substr(digits);
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.size() > 1 && (unit.ends_with("IB") || unit.ends_with("B"))) unit = unit.substr(0, unit.size() - (unit.ends_with("IB") ? 2 : 1));
  static constexpr std::string_view kUnits = "KMGT";
  if (unit.empty() || unit == "B") return number;
  if (unit.size() != 1 || kUnits.find(unit[0]) == std::string_view::npos) return std::nullopt;
  return number << (10 * (kUnits.find(unit[0]) + 1));
}

std::string FormatByteCount(uintmax_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(kUnits)) value /= 1024, ++unit;
  char text[32];
  std::snprintf(text, sizeof text, unit == 0 || value >= 100 ? "%.0f %s" : "%.1f %s", value, kUnits[unit]);
  return text;
}

}  // namespace akgen::bench
