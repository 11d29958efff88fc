// Byte counts as people write them: `16G`, `500M`, `2TiB`, `1048576` (K, M, G and T are powers of
// 1024, with or without `iB` or `B`).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace akgen::bench {

std::optional<uintmax_t> ParseByteCount(const std::string& text);
// `2.8 GiB`, `512 KiB`, `17 B`.
std::string FormatByteCount(uintmax_t bytes);

}  // namespace akgen::bench
