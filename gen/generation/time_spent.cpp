#include "gen/generation/time_spent.h"

#include <cstdio>

#include "bench/results/results_file.h"
#include "gen/generation/sample_generation.h"

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

std::string Seconds(double seconds) {
  char text[32];
  if (seconds < 0.1)
    std::snprintf(text, sizeof text, "%.2f ms", seconds * 1e3);
  else
    std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

double Mean(double total, int count) { return count == 0 ? 0 : total / count; }

}  // namespace

TimeSpent MeasureTimeSpent(const fs::path& outDir) {
  TimeSpent spent;
  std::error_code error;
  for (const fs::directory_entry& round : fs::directory_iterator(outDir / "rounds", error)) {
    for (const bench::ResultRecord& record : bench::LoadResults(round.path() / bench::kResultsFileName).records) {
      ++spent.cases;
      spent.buildSeconds += record.details.value("build_seconds", 0.0);
      spent.runSeconds += record.details.value("run_seconds", 0.0);
    }
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(round.path() / "samples", error)) {
      if (entry.path().filename() != kGenerationFile) continue;
      const SampleGeneration generation = ReadSampleGeneration(entry.path());
      ++spent.generations;
      spent.promptSeconds += generation.promptSeconds;
      spent.parseSeconds += generation.parseSeconds;
      if (!generation.fromCache) {
        ++spent.answeredByServer;
        spent.serverSeconds += generation.latencySeconds;
      }
    }
  }
  return spent;
}

std::string DescribeTimeSpent(const TimeSpent& spent) {
  return "time per sample-round (" + std::to_string(spent.generations) + "): server " +
         (spent.answeredByServer == 0 ? std::string("- (all cached)")
                                      : Seconds(Mean(spent.serverSeconds, spent.answeredByServer))) +
         "; ours: prompt " + Seconds(Mean(spent.promptSeconds, spent.generations)) + ", parse and write " +
         Seconds(Mean(spent.parseSeconds, spent.generations)) +
         (spent.cases == 0 ? std::string()
                           : "; per judged case (" + std::to_string(spent.cases) + "): build " +
                                 Seconds(Mean(spent.buildSeconds, spent.cases)) + ", run " +
                                 Seconds(Mean(spent.runSeconds, spent.cases))) +
         "\n";
}

}  // namespace akgen::gen
