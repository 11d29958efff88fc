#include "craft/program_files.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace akgen::craft {

namespace fs = std::filesystem;

std::string ReadProgram(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(file.string() + ": cannot read the program");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void WriteTextFile(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error(file.string() + ": cannot write");
}

std::vector<fs::path> WriteSources(const CompiledOp& op, const fs::path& directory) {
  std::vector<fs::path> written;
  for (const auto& [path, text] : op.files) {
    WriteTextFile(directory / path, text);
    written.push_back(directory / path);
  }
  return written;
}

}  // namespace akgen::craft
