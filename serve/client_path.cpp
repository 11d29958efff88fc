#include "serve/client_path.h"

#include <algorithm>
#include <filesystem>

namespace akgen::serve {

std::optional<std::string> TopFolderOfClientPath(const std::string& path) {
  if (std::any_of(path.begin(), path.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }))
    return std::nullopt;
  const std::filesystem::path relative(path);
  if (relative.is_absolute() || relative.empty()) return std::nullopt;
  for (const std::filesystem::path& part : relative)
    if (part == ".." || part == ".") return std::nullopt;
  return relative.begin()->string();
}

}  // namespace akgen::serve
