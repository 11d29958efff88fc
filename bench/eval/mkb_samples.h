// MultiKernelBench candidates, found as its users keep them and unpacked without running them:
//   <DIR>/<category>/<task>/sample<i>.py|.json|.txt   one sample per file (i is the sample number);
//   <DIR>/run<N>/<task>.txt                           MultiKernelBench's own output layout
//                                                     (output/<lang>/<strategy>/<T>-<top_p>/<model>/),
//                                                     run N being sample N.
// A file is a six-string answer, a direct-launch JSON, or a model's whole reply holding one in its
// first fenced block. python/akgen_oracle/mkb_candidate.py reads it with `ast`/`json` only and
// writes op_host/, op_kernel/ and binding/ (six strings) or sources/ and binding/model.py (direct
// launch: `directLaunchEntry` set) into `unpackRoot/<content hash>/`; a file it cannot read becomes a
// parse_error naming the file and line. A `sample<i>/` folder with no sample file beside it that holds
// parse_error.txt or compile_error.txt (akgen generate --mode dsl: a reply without a program, a
// program that did not compile) is that verdict.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/oracle/oracle.h"
#include "bench/task/candidate.h"
#include "bench/task/task.h"

namespace akgen::bench {

std::vector<Candidate> MkbSampleCandidates(const OracleConfig& config, const std::filesystem::path& samplesRoot,
                                           const Task& task, const std::filesystem::path& unpackRoot);

}  // namespace akgen::bench
