#include "gen/generation/candidate_folder.h"

#include "bench/task/candidate.h"
#include "craft/solutions/dsl_samples.h"
#include "craft/program_files.h"

namespace akgen::gen {

std::vector<std::string> WriteCandidateFolder(const ParsedAnswer& parsed, AnswerFormat format, const bench::Task& task,
                                              const std::filesystem::path& folder) {
  namespace fs = std::filesystem;
  std::vector<std::string> written;
  fs::create_directories(folder);
  if (!parsed.problem.empty()) {
    craft::WriteTextFile(folder / bench::kParseErrorFile, parsed.problem + '\n');
    return written;
  }
  if (format == AnswerFormat::Dsl) {
    const auto& [program, source] = *parsed.files.begin();
    craft::WriteDslSample(source, program, folder, &task);
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder))
      if (entry.is_regular_file()) written.push_back(fs::relative(entry.path(), folder).generic_string());
    return written;
  }
  for (const auto& [path, text] : parsed.files) {
    craft::WriteTextFile(folder / path, text);
    written.push_back(path.generic_string());
  }
  return written;
}

}  // namespace akgen::gen
