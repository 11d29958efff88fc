#include "data/records/dataset_files.h"

#include <algorithm>
#include <string>

namespace akgen::data {

namespace fs = std::filesystem;

std::vector<fs::path> DatasetFiles(const fs::path& dataDir) {
  std::vector<fs::path> files;
  if (!fs::is_directory(dataDir)) return files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dataDir)) {
    const std::string name = entry.path().filename().string();
    const bool chainOfThought =
        name.starts_with("cot-") && name.ends_with(".jsonl") && !entry.path().stem().has_extension();
    if (name == "corrections.jsonl" || name == "prefs.jsonl" || chainOfThought) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace akgen::data
