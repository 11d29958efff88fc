// The golden programs of tests/craft/check/programs, read once for the tests that walk them.
#pragma once
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace akgen::craft::testing {

struct ProgramFile {
  std::filesystem::path path;
  std::string text;
};

inline std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every *.craft file, in name order.
inline std::vector<ProgramFile> GoldenPrograms() {
  std::vector<ProgramFile> programs;
  for (const auto& entry : std::filesystem::directory_iterator(AKGEN_CRAFT_PROGRAMS_DIR))
    if (entry.path().extension() == ".craft") programs.push_back({entry.path(), ReadText(entry.path())});
  std::sort(programs.begin(), programs.end(),
            [](const ProgramFile& a, const ProgramFile& b) { return a.path < b.path; });
  return programs;
}

}  // namespace akgen::craft::testing
