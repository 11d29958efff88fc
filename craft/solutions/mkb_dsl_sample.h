// A craft program as a MultiKernelBench answer (`akgen generate <MultiKernelBench> --mode dsl`): the
// program compiled, its op's sources and the glue the task's Model needs (craft/lower/mkb_glue.h)
// written as MultiKernelBench's six strings, `<sample>.py` beside the sample's folder, where
// `akgen eval` reads MultiKernelBench samples and judges them like any six-string answer. A program
// that does not compile, or whose op cannot stand for the task's Model (another op name, an input
// that is no forward parameter, ...), leaves its diagnostics as the folder's compile_error.txt
// instead, which the harness records as a compile_error. The folder keeps a copy of the program.
#pragma once
#include <filesystem>
#include <string>

#include "bench/task/task.h"

namespace akgen::craft {

// The six-string file of the sample folder `sample`.
std::filesystem::path MkbSixStringFile(const std::filesystem::path& sample);

// True when the program compiled into a six-string answer.
bool WriteMkbDslSample(const std::string& source, const std::filesystem::path& program,
                       const std::filesystem::path& sample, const bench::Task& task);

}  // namespace akgen::craft
