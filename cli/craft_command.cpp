#include "craft_command.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

#include "craft/craft.h"

namespace akgen {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> ReadProgram(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::cerr << "akgen craft: " << file << ": cannot read the program\n";
    return std::nullopt;
  }
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void Print(const std::vector<craft::Diagnostic>& diagnostics) {
  for (const craft::Diagnostic& diagnostic : diagnostics) std::cerr << craft::Format(diagnostic);
}

}  // namespace

int CraftCheck(const CraftOptions& options) {
  const std::optional<std::string> source = ReadProgram(options.file);
  if (!source) return 2;
  const craft::CheckResult result = craft::Check(*source, options.file);
  Print(result.diagnostics);
  return result.HasErrors() ? 1 : 0;
}

int CraftCompile(const CraftOptions& options) {
  const std::optional<std::string> source = ReadProgram(options.file);
  if (!source) return 2;
  const craft::CompileResult result = craft::Compile(*source, options.file);
  Print(result.diagnostics);
  if (!result.op) return 1;
  const fs::path outDir = options.outDir.empty() ? fs::path(options.file).parent_path() : fs::path(options.outDir);
  for (const auto& [path, text] : result.op->files) {
    fs::create_directories((outDir / path).parent_path());
    std::ofstream out(outDir / path, std::ios::binary);
    out << text;
    if (!out.flush()) {
      std::cerr << "akgen craft: " << (outDir / path).string() << ": cannot write\n";
      return 1;
    }
    std::cout << (outDir / path).string() << '\n';
  }
  return 0;
}

}  // namespace akgen
