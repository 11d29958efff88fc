#include "bench/report/results_report.h"

#include <algorithm>
#include <map>
#include <set>

#include "bench/eval/shard.h"
#include "bench/metrics/summary_json.h"
#include "bench/report/console_report.h"
#include "bench/report/mkb_report.h"
#include "bench/results/results_file.h"
#include "bench/results/run_description.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

LoadedResults LoadFolder(const fs::path& outDir) {
  const fs::path file = outDir / kResultsFileName;
  if (!fs::is_regular_file(file)) {
    throw ResultsFileError(file.string() + ": no results; run `akgen eval SUITE --out " + outDir.string() + "` first");
  }
  return LoadResults(file);
}

// Which part of its run a results folder holds (a damaged run.json reads as the whole run).
Shard PartOf(const RunDescription& description) { return ParseShard(description.shard).value_or(Shard{}); }

// The settings two parts of one run share; a difference names the first that differs.
std::string DifferingSetting(const RunDescription& a, const RunDescription& b) {
  if (a.suite != b.suite) return "the task tree (" + a.suite.string() + " against " + b.suite.string() + ")";
  if (a.solutions != b.solutions) return "the solutions (" + a.solutions + " against " + b.solutions + ")";
  if (a.shapeMode != b.shapeMode)
    return std::string("the shape mode (") + ToString(a.shapeMode) + " against " + ToString(b.shapeMode) + ")";
  if (a.seed != b.seed) return "the seed (" + std::to_string(a.seed) + " against " + std::to_string(b.seed) + ")";
  if (a.extraCases != b.extraCases)
    return "--extra-cases (" + std::to_string(a.extraCases) + " against " + std::to_string(b.extraCases) + ")";
  if (a.timingOnly != b.timingOnly) return "--timing-only";
  if (PartOf(a).count != PartOf(b).count) return "the number of shards (" + a.shard + " against " + b.shard + ")";
  return "";
}

// The records of several results folders, parts of one run: refused when their settings differ or
// two hold the same (task, sample, case); a warning names the shards missing.
LoadedResults LoadParts(const std::vector<fs::path>& outDirs) {
  LoadedResults merged;
  const RunDescription first = ReadRunDescription(outDirs.front());
  std::set<std::string> shards;
  std::map<RecordKey, fs::path> owner;  // the folder holding each record
  for (const fs::path& outDir : outDirs) {
    const RunDescription part = ReadRunDescription(outDir);
    if (const std::string differs = DifferingSetting(first, part); !differs.empty())
      throw ResultsFileError(outDir.string() + " and " + outDirs.front().string() + " differ in " + differs +
                             ": only the parts of one run (`akgen eval ... --shard I/N` with the same settings) merge");
    if (!shards.insert(part.shard).second)
      throw ResultsFileError(outDir.string() + ": shard " + part.shard + " is given twice; give each part's folder once");
    LoadedResults loaded = LoadFolder(outDir);
    for (std::string& warning : loaded.warnings) merged.warnings.push_back(std::move(warning));
    for (ResultRecord& record : loaded.records) {
      if (const auto [it, fresh] = owner.emplace(record.Key(), outDir); !fresh)
        throw ResultsFileError(outDir.string() + " and " + it->second.string() + " both hold " + record.task + " sample" +
                               std::to_string(record.sample) + " case" + std::to_string(record.caseId) +
                               "; merge the parts of one sharded run, each evaluated once");
      merged.records.push_back(std::move(record));
    }
  }
  const int count = PartOf(first).count;
  std::string missing;
  for (int index = 0; index < count; ++index)
    if (const std::string shard = ToString(Shard{index, count}); !shards.count(shard))
      missing += (missing.empty() ? "" : ", ") + shard;
  if (!missing.empty())
    merged.warnings.push_back("warning: shards " + missing + " are not among the folders: the report covers part of the run");
  return merged;
}

}  // namespace

ResultsReport ReportResults(const std::filesystem::path& outDir, std::optional<ShapeMode> mode) {
  return ReportResults(std::vector<fs::path>{outDir}, mode);
}

ResultsReport ReportResults(const std::vector<std::filesystem::path>& outDirs, std::optional<ShapeMode> mode) {
  if (outDirs.empty()) throw ResultsFileError("no results folder given");
  LoadedResults loaded = outDirs.size() == 1 ? LoadFolder(outDirs.front()) : LoadParts(outDirs);
  ResultsReport report;
  report.warnings = std::move(loaded.warnings);
  if (!mode) {
    mode = RecordedShapeMode(loaded.records);
    if (!mode && !loaded.records.empty()) {
      mode = loaded.records.back().shapeMode;
      report.warnings.push_back(outDirs.front().string() + ": warning: records come from both shape modes; reporting them as " +
                                ToString(*mode) + "; choose with --shape-mode");
    }
  }
  // In key order, so the sums behind the means are the same however the records were written (by
  // parallel jobs, or by the parts of a sharded run): equal records give equal summaries, bit for bit.
  std::sort(loaded.records.begin(), loaded.records.end(),
            [](const ResultRecord& a, const ResultRecord& b) { return a.Key() < b.Key(); });
  report.metrics = ComputeMetrics(loaded.records, mode.value_or(ShapeMode::Static));
  // MultiKernelBench results get its and AscendCraft's tables; NPUKernelBench's level grids and
  // weighted score mean nothing for tasks without levels.
  nlohmann::json extra = nlohmann::json::object();
  if (!AreMultiKernelBenchResults(loaded.records)) {
    report.text = ConsoleReport(report.metrics);
  } else {
    const std::vector<MkbRow> rows = MkbRows(loaded.records, report.metrics);
    report.text = MkbTables(rows) + "\n" + OutcomeSections(report.metrics);
    extra["multikernelbench"] = MkbRowsJson(rows);
  }
  report.summary = SummaryJson(report.metrics);
  report.summary.update(extra);
  // A single folder keeps its summary.json; a merged report is printed only.
  if (outDirs.size() == 1) WriteSummary(outDirs.front(), report.metrics, extra);
  report.records = std::move(loaded.records);
  return report;
}

}  // namespace akgen::bench
