#include "craft_command.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "craft/craft.h"
#include "craft/program_files.h"

namespace akgen {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> ReadProgram(const std::string& file) {
  try {
    return craft::ReadProgram(file);
  } catch (const std::runtime_error& error) {
    std::cerr << "akgen craft: " << error.what() << '\n';
    return std::nullopt;
  }
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
  try {
    for (const fs::path& written : craft::WriteSources(*result.op, outDir)) std::cout << written.string() << '\n';
  } catch (const std::runtime_error& error) {
    std::cerr << "akgen craft: " << error.what() << '\n';
    return 1;
  }
  return 0;
}

}  // namespace akgen
