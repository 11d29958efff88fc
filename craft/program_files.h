// craft programs and their generated sources on disk, for every tool that compiles files: the
// command line, the suite's DSL solutions and the tests.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "craft/craft.h"

namespace akgen::craft {

// The whole file; throws std::runtime_error naming it when it cannot be read.
std::string ReadProgram(const std::filesystem::path& file);

// Writes `text` to `file`, creating its folders; throws std::runtime_error naming it on failure.
void WriteTextFile(const std::filesystem::path& file, const std::string& text);

// Every file of `op` below `directory`; returns the paths written, in the op's order.
std::vector<std::filesystem::path> WriteSources(const CompiledOp& op, const std::filesystem::path& directory);

}  // namespace akgen::craft
