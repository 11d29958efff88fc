// `akgen craft check|compile|tune FILE`: the DSL compiler on one program, and the search of its
// tile, core count and buffer depths on the simulator (docs/dsl.md).
#pragma once
#include <cstddef>
#include <string>

namespace akgen {

struct CraftOptions {
  std::string file;
  std::string outDir;  // compile: empty writes beside FILE
  std::string task;    // check: hold the op header to this task's host template too
  std::string suite = "builtin";
};

struct CraftTuneOptions {
  std::string file;
  std::string task;  // an op (`Sqrt`) or a key (`level1/Math/Sqrt`)
  std::string suite = "builtin";
  std::string shapeMode = "dynamic";
  std::string outDir = "akgen-tune";  // samples, results.jsonl and harness.log of every tune
  std::string tunedFile;              // empty: <stem>.tuned.craft in outDir
  std::string cacheDir;               // empty: DefaultCacheDir()
  unsigned jobs = 1;
  size_t maxCandidates = 24;
};

int CraftCheck(const CraftOptions& options);
int CraftCompile(const CraftOptions& options);
int CraftTune(const CraftTuneOptions& options);

}  // namespace akgen
