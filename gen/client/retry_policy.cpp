#include "gen/client/retry_policy.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace akgen::gen {
namespace {

std::string_view Trimmed(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

// The digits of `text` from `position`, `count` of them exactly.
std::optional<int> DigitsAt(std::string_view text, size_t position, size_t count) {
  int value = 0;
  const char* begin = text.data() + position;
  const auto [end, error] = std::from_chars(begin, begin + count, value);
  if (error != std::errc() || end != begin + count) return std::nullopt;
  return value;
}

std::optional<double> DeltaSeconds(std::string_view text) {
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; }))
    return std::nullopt;
  double seconds = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return seconds;
}

// IMF-fixdate, the only HTTP date form servers send today: `Sun, 06 Nov 1994 08:49:37 GMT`.
// Parsed by hand because strptime depends on the locale and is not everywhere thread-safe.
std::optional<std::chrono::system_clock::time_point> HttpDate(std::string_view text) {
  static constexpr std::array<std::string_view, 7> kWeekdays = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
  static constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (text.size() != 29 || text.substr(3, 2) != ", " || text[7] != ' ' || text[11] != ' ' || text[16] != ' ' ||
      text[19] != ':' || text[22] != ':' || text.substr(25) != " GMT")
    return std::nullopt;
  if (std::find(kWeekdays.begin(), kWeekdays.end(), text.substr(0, 3)) == kWeekdays.end()) return std::nullopt;
  const auto month = std::find(kMonths.begin(), kMonths.end(), text.substr(8, 3));
  const auto day = DigitsAt(text, 5, 2);
  const auto year = DigitsAt(text, 12, 4);
  const auto hours = DigitsAt(text, 17, 2);
  const auto minutes = DigitsAt(text, 20, 2);
  const auto seconds = DigitsAt(text, 23, 2);
  if (month == kMonths.end() || !day || !year || !hours || !minutes || !seconds) return std::nullopt;
  if (*hours > 23 || *minutes > 59 || *seconds > 60) return std::nullopt;
  const std::chrono::year_month_day date{std::chrono::year(*year),
                                         std::chrono::month(static_cast<unsigned>(month - kMonths.begin() + 1)),
                                         std::chrono::day(static_cast<unsigned>(*day))};
  if (!date.ok()) return std::nullopt;
  return std::chrono::sys_days(date) + std::chrono::hours(*hours) + std::chrono::minutes(*minutes) +
         std::chrono::seconds(*seconds);
}

}  // namespace

double BackoffSeconds(int retry, double initialSeconds, double maxSeconds, double unitRandom) {
  // std::ldexp, not a shift: a long run of retries must not overflow.
  const double ceiling = std::min(maxSeconds, std::ldexp(initialSeconds, std::clamp(retry, 0, 1000)));
  return std::clamp(unitRandom, 0.0, 1.0) * std::max(ceiling, 0.0);
}

bool IsRetryableStatus(long status) { return status == 408 || status == 429 || (status >= 500 && status <= 599); }

bool HonoursRetryAfter(long status) { return status == 429 || status == 503; }

std::optional<double> ParseRetryAfter(std::string_view value, std::chrono::system_clock::time_point now) {
  const std::string_view text = Trimmed(value);
  if (const auto seconds = DeltaSeconds(text)) return seconds;
  const auto date = HttpDate(text);
  if (!date) return std::nullopt;
  return std::max(0.0, std::chrono::duration<double>(*date - now).count());
}

}  // namespace akgen::gen
