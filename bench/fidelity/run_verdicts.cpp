#include "bench/fidelity/run_verdicts.h"

#include "bench/fidelity/first_diagnostic_line.h"
#include "bench/results/results_file.h"
#include "bench/results/run_description.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr int kAnswerSample = 0;  // `--solutions answer` judges each task's answer/0 as sample 0

// run.json is optional here (the records carry their shape mode), but when present it tells a
// timing-only run or a run of other solutions from a run of the answers.
void CheckRunDescription(const fs::path& runDir, RunVerdicts& verdicts) {
  if (!fs::exists(runDir / kRunDescriptionFile)) return;
  RunDescription description;
  try {
    description = ReadRunDescription(runDir);
  } catch (const std::exception& error) {
    throw FidelityRunError(error.what());
  }
  if (description.timingOnly)
    throw FidelityRunError(runDir.string() +
                           ": a timing-only run (akgen eval --timing-only) checks no outputs; give the folder of a "
                           "run that does");
  if (description.solutions != "answer")
    verdicts.warnings.push_back(runDir.string() + ": judged " + description.solutions +
                                ", not the tasks' answers (--solutions answer); comparing its sample 0 anyway");
}

std::vector<ResultRecord> RecordsOf(const fs::path& runDir, RunVerdicts& verdicts) {
  const fs::path file = runDir / kResultsFileName;
  if (!fs::is_regular_file(file))
    throw FidelityRunError(file.string() + ": no results; run `akgen eval SUITE --solutions answer --out " +
                           runDir.string() + "` first");
  LoadedResults loaded;
  try {
    loaded = LoadResults(file);
  } catch (const ResultsFileError& error) {
    throw FidelityRunError(error.what());
  }
  for (std::string& warning : loaded.warnings) verdicts.warnings.push_back(std::move(warning));
  if (loaded.records.empty())
    throw FidelityRunError(file.string() + ": holds no result records; has `akgen eval ... --out " + runDir.string() +
                           "` judged anything yet?");
  return std::move(loaded.records);
}

void Keep(const FidelityKey& key, RunVerdict verdict, RunVerdicts& verdicts) {
  const auto [existing, inserted] = verdicts.entries.try_emplace(key, verdict);
  if (inserted) return;
  if (existing->second.verdict != verdict.verdict)
    verdicts.warnings.push_back(Describe(key) + ": " + ToString(existing->second.verdict) + " in " +
                                existing->second.runDir.string() + " but " + ToString(verdict.verdict) + " in " +
                                verdict.runDir.string() + "; keeping the later folder's");
  existing->second = std::move(verdict);
}

}  // namespace

RunVerdicts ReadRunVerdicts(const std::vector<fs::path>& runDirs) {
  RunVerdicts verdicts;
  for (const fs::path& runDir : runDirs) {
    if (!fs::is_directory(runDir))
      throw FidelityRunError(runDir.string() + ": no such folder; give the --out folder of an akgen eval run");
    CheckRunDescription(runDir, verdicts);
    size_t answers = 0;
    for (const ResultRecord& record : RecordsOf(runDir, verdicts)) {
      if (record.sample != kAnswerSample) continue;
      if (record.verdict == Verdict::Timed)
        throw FidelityRunError(runDir.string() + ": " + record.task + " case " + std::to_string(record.caseId) +
                               " is timing-only (verdict `timed`); give the folder of a run that checks outputs");
      if (record.extraOf) {
        ++verdicts.extraCasesLeftOut;
        continue;
      }
      ++answers;
      const std::string diagnostic = record.verdict == Verdict::Pass ? "" : FirstDiagnosticLine(record);
      Keep({record.shapeMode, record.task, record.caseId}, {record.verdict, diagnostic, runDir}, verdicts);
    }
    if (answers == 0)
      throw FidelityRunError(runDir.string() +
                             ": no record of sample 0 (a task's answer) on a listed case; was it "
                             "evaluated with --solutions answer?");
  }
  return verdicts;
}

}  // namespace akgen::bench
