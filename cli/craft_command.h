// `akgen craft check|compile FILE`: the DSL compiler on one program (docs/dsl.md).
#pragma once
#include <string>

namespace akgen {

struct CraftOptions {
  std::string file;
  std::string outDir;  // compile: empty writes beside FILE
};

int CraftCheck(const CraftOptions& options);
int CraftCompile(const CraftOptions& options);

}  // namespace akgen
