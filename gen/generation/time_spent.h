// Where a generation run's time went, per sample-round: the server's (request latency) and ours
// (building the prompt, parsing the answer, building and running the candidate), read back from
// OUT/rounds/*: generation.json files and the rounds' results. What the tool adds beyond the
// server is the figure a user sizing a run needs.
#pragma once
#include <filesystem>
#include <string>

namespace akgen::gen {

struct TimeSpent {
  int generations = 0;  // sample-rounds with a generation.json
  int answeredByServer = 0;
  double serverSeconds = 0;  // request latency of the answers the server gave (not the cached ones)
  double promptSeconds = 0;
  double parseSeconds = 0;
  int cases = 0;  // judged (sample-round, case) records
  double buildSeconds = 0;
  double runSeconds = 0;
};

TimeSpent MeasureTimeSpent(const std::filesystem::path& outDir);

// `per sample-round: server 12.1 s; ours: prompt 0.4 ms, parse 0.2 ms, build 1.9 s, run 0.03 s per case`
std::string DescribeTimeSpent(const TimeSpent& spent);

}  // namespace akgen::gen
