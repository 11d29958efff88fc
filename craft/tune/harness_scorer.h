// Scores candidate programs with the real harness, as `akgen eval --solutions dsl` does: each
// candidate that passes the checker becomes one sample (its generated op_host/ and op_kernel/, and
// its program under dsl/) in OUT/samples, and bench::Evaluate runs the new samples on the task's
// cases into OUT/results.jsonl. A candidate that fails any case is rejected; the cost of one that
// passes them all is the geometric mean of its simulated times.
//
// The samples folder is also the memory of a killed tune: a candidate whose text is already a
// sample keeps that sample's number, and the harness skips the cases it has already recorded.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/eval/evaluate.h"
#include "bench/results/result_record.h"
#include "bench/task/task.h"
#include "craft/tune/coordinate_descent.h"
#include "craft/tune/knobs.h"

namespace akgen::craft {

struct CaseTime {
  double simulatedUs = 0;
  std::optional<double> answerUs;  // the task's hand-written answer on the same case, when timed
};

// `19.371`: simulated microseconds as progress lines and tables show them, to the nanosecond.
std::string MicrosecondsText(double microseconds);

// What became of one candidate program.
struct CandidateRecord {
  KnobSetting setting;
  int sample = -1;  // -1: never reached the harness (the checker rejected it)
  bool passed = false;
  std::map<int, CaseTime> cases;  // case_id → times, when passed
  double geomeanUs = 0;           // when passed
  std::string rejection;          // why it is not a valid candidate
};

struct HarnessScorerSetup {
  std::filesystem::path programFile;  // names the candidates' diagnostics and their copies
  std::string source;
  std::vector<Knob> knobs;
  const bench::Task* task = nullptr;  // from a tree that outlives the scorer
  // suiteRoot, shapeMode, cases, cacheDir, jobs, seed, runSeconds, syncMode, oracle and outDir (the
  // tune's folder); the scorer sets the solutions, the filter and the work folder.
  bench::EvalOptions eval;
  size_t maxCandidates = 0;  // programs sent to the harness, the program itself included
};

class HarnessScorer : public CandidateScorer {
 public:
  // `progress` gets one line per decided candidate; the harness's own lines go to OUT/harness.log.
  HarnessScorer(HarnessScorerSetup setup, std::ostream& progress);
  ~HarnessScorer() override;
  HarnessScorer(const HarnessScorer&) = delete;
  HarnessScorer& operator=(const HarnessScorer&) = delete;

  // Throws std::runtime_error when the harness could not judge a candidate (no golden output, a
  // broken results file): that is no verdict on the candidate.
  std::vector<CandidateScore> Score(const std::vector<KnobSetting>& settings) override;

  const CandidateRecord& RecordOf(const KnobSetting& setting) const;
  size_t Evaluated() const { return evaluated_; }  // programs sent to the harness
  size_t Rejected() const;

 private:
  // A candidate on its way to the harness.
  struct Pending {
    KnobSetting setting;
    std::string text;
    int sample;
  };

  std::filesystem::path SamplesRoot() const;
  std::filesystem::path TaskSamples() const;
  void ReadExistingSamples();
  int SampleFor(const std::string& text);
  // Runs the harness on the samples; returns every record of the results file.
  std::map<bench::RecordKey, bench::ResultRecord> EvaluateSamples(const std::vector<Pending>& pending);
  CandidateRecord Judge(const KnobSetting& setting, int sample,
                        const std::map<bench::RecordKey, bench::ResultRecord>& records) const;
  void Report(const CandidateRecord& record);

  HarnessScorerSetup setup_;
  std::ostream& progress_;
  // Every batch's sandboxed runs work below this folder, which the sandbox users can reach (unlike
  // the tune's own folder, perhaps in a home directory); it goes, with their leftovers, at the end.
  std::filesystem::path workRoot_;
  std::vector<int> caseIds_;
  std::map<std::string, int> sampleOfText_;  // samples already on disk
  int nextSample_ = 0;
  std::map<std::string, CandidateRecord> byText_;
  size_t evaluated_ = 0;
};

}  // namespace akgen::craft
