#include "bench/task/task.h"

#include <charconv>

namespace akgen::bench {

std::string TaskKey(int level, const std::string& category, const std::string& folderName) {
  return "level" + std::to_string(level) + "/" + category + "/" + folderName;
}

std::string Task::Key() const {
  if (format == TaskFormat::MultiKernelBench) return category + "/" + folderName;
  return TaskKey(level, category, folderName);
}

std::optional<int> ParseLevel(std::string_view text) {
  if (text.rfind("level", 0) == 0) text.remove_prefix(5);
  int level = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), level);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || level < 1) return std::nullopt;
  return level;
}

const TestCase* Task::FindCase(int caseId) const {
  for (const TestCase& testCase : cases) {
    if (testCase.id == caseId) return &testCase;
  }
  return nullptr;
}

}  // namespace akgen::bench
