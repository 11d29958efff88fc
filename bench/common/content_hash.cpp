#include "bench/common/content_hash.h"

#include <cstdio>
#include <fstream>
#include <iterator>

namespace akgen::bench {

ContentHash& ContentHash::Add(std::string_view text) {
  for (unsigned char c : text) hash_ = (hash_ ^ c) * 0x100000001b3ULL;
  hash_ = (hash_ ^ 0xffU) * 0x100000001b3ULL;
  return *this;
}

ContentHash& ContentHash::AddFile(const std::filesystem::path& path) {
  return Add(path.filename().string()).Add(ReadFileText(path));
}

ContentHash& ContentHash::AddFileStamp(const std::filesystem::path& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  const auto time = std::filesystem::last_write_time(path, error);
  return Add(path.string()).Add(std::to_string(size)).Add(std::to_string(time.time_since_epoch().count()));
}

std::string ContentHash::Hex() const {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
  return text;
}

std::string ReadFileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace akgen::bench
