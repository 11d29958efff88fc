// `OUT/run.json`: what an evaluation judged — the task tree, where the candidates came from and how
// they were run — so tools that read a results folder later (the dataset builders in data/) can find
// each record's code and its task. Written when an evaluation starts; a resumed run rewrites it.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>

#include "bench/task/shape_mode.h"

namespace akgen::bench {

inline constexpr const char* kRunDescriptionFile = "run.json";

struct RunDescription {
  std::filesystem::path suite;  // absolute
  std::string solutions;        // `answer` or an absolute samples folder
  ShapeMode shapeMode = ShapeMode::Static;
  uint64_t seed = 0;
  int extraCases = 0;
  bool timingOnly = false;
  std::string shard = "0/1";  // `I/N`: which part of a sharded run (bench/eval/shard.h)
};

void WriteRunDescription(const RunDescription& description, const std::filesystem::path& outDir);

// Throws std::runtime_error naming the file and how to get one when `outDir` has none or it is
// malformed.
RunDescription ReadRunDescription(const std::filesystem::path& outDir);

}  // namespace akgen::bench
