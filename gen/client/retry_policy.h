// When a failed request is tried again and how long the client waits first: exponential backoff
// with full jitter (many workers retrying at once spread out instead of hitting the server
// together), or the server's own `Retry-After` when it says how long to wait.
#pragma once
#include <chrono>
#include <optional>
#include <string_view>

namespace akgen::gen {

// The wait before retry `retry` (0 for the first retry): `unitRandom` (in [0, 1)) times
// `initialSeconds * 2^retry`, that product capped at `maxSeconds`.
double BackoffSeconds(int retry, double initialSeconds, double maxSeconds, double unitRandom);

// Statuses worth trying again: 408 (request timeout), 429 (rate limit) and every 5xx.
bool IsRetryableStatus(long status);

// Statuses whose `Retry-After` the client honours (429 and 503, as RFC 9110 describes).
bool HonoursRetryAfter(long status);

// A `Retry-After` value in seconds from `now`: a number of seconds, or an HTTP date (IMF-fixdate,
// `Sun, 06 Nov 1994 08:49:37 GMT`; a date already past is 0). Nothing for any other text.
std::optional<double> ParseRetryAfter(std::string_view value, std::chrono::system_clock::time_point now);

}  // namespace akgen::gen
