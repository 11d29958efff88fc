#include "data/corrections/unified_diff.h"

#include <dtl/dtl.hpp>
#include <set>
#include <sstream>
#include <vector>

namespace akgen::data {
namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

// A file only on one side is diffed against /dev/null, as diff -N writes it (dtl would number an
// empty side from line 1, which patch tools refuse).
std::string WholeFile(const std::string& path, const std::vector<std::string>& lines, bool added) {
  const std::string count = std::to_string(lines.size());
  std::string diff = added ? "--- /dev/null\n+++ b/" + path + "\n@@ -0,0 +1," + count + " @@\n"
                           : "--- a/" + path + "\n+++ /dev/null\n@@ -1," + count + " +0,0 @@\n";
  for (const std::string& line : lines) diff += (added ? "+" : "-") + line + "\n";
  return diff;
}

std::string FileDiff(const std::string& path, const std::string& before, const std::string& after, bool existedBefore,
                     bool existsAfter) {
  if (!existedBefore) return WholeFile(path, Lines(after), true);
  if (!existsAfter) return WholeFile(path, Lines(before), false);
  dtl::Diff<std::string> diff(Lines(before), Lines(after));
  diff.compose();
  diff.composeUnifiedHunks();
  std::ostringstream out;
  out << "--- a/" << path << "\n+++ b/" << path << "\n";
  diff.printUnifiedFormat(out);
  return out.str();
}

}  // namespace

std::string UnifiedDiff(const std::map<std::string, std::string>& before,
                        const std::map<std::string, std::string>& after) {
  std::set<std::string> paths;
  for (const auto& [path, text] : before) paths.insert(path);
  for (const auto& [path, text] : after) paths.insert(path);
  std::string diff;
  for (const std::string& path : paths) {
    const auto a = before.find(path);
    const auto b = after.find(path);
    const std::string& old = a == before.end() ? std::string() : a->second;
    const std::string& updated = b == after.end() ? std::string() : b->second;
    if (old != updated || (a == before.end()) != (b == after.end()))
      diff += FileDiff(path, old, updated, a != before.end(), b != after.end());
  }
  return diff;
}

}  // namespace akgen::data
