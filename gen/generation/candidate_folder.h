// A parsed model response as the sample folder `akgen eval` judges (bench/task/candidate.h): the
// files it holds, or `parse_error.txt` with the reason it holds none; a DSL program is compiled to
// AscendC sources there (or leaves `compile_error.txt`). Shared by `akgen generate` and `akgen serve`.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/task/task.h"
#include "gen/parse/answer_parse.h"

namespace akgen::gen {

// Writes into `folder` (created when missing) and returns the files written, relative to it. For
// tasks in NPUKernelBench's layout; MultiKernelBench answers are judged from one file (generate.cpp).
std::vector<std::string> WriteCandidateFolder(const ParsedAnswer& parsed, AnswerFormat format, const bench::Task& task,
                                              const std::filesystem::path& folder);

}  // namespace akgen::gen
