#include "craft/tune/tune.h"

#include "craft/tune/coordinate_descent.h"
#include "craft/tune/rewrite.h"

namespace akgen::craft {
namespace {

Diagnostic Error(const TuneRequest& request, SourcePosition at, std::string message, std::string hint) {
  return {.file = request.programFile.string(),
          .line = at.line,
          .column = at.column,
          .severity = Severity::Error,
          .kind = "tune",
          .message = std::move(message),
          .hint = std::move(hint)};
}

}  // namespace

TuneResult Tune(const TuneRequest& request, std::ostream& progress) {
  TuneResult result;
  KnobDiscovery discovery = FindKnobs(request.source, request.programFile.string());
  if (discovery.HasErrors()) {
    result.diagnostics = std::move(discovery.diagnostics);
    return result;
  }
  result.knobs = std::move(discovery.knobs);
  if (discovery.opName != request.task->opName) {
    result.diagnostics.push_back(
        Error(request, discovery.opAt,
              "the program is op " + discovery.opName + ", and task " + request.task->Key() + " is op " +
                  request.task->opName,
              "tune it with --task " + discovery.opName + ", or tune the program of " + request.task->Key()));
    return result;
  }
  if (result.knobs.empty()) {
    result.diagnostics.push_back(
        Error(request, discovery.hostAt, "nothing to tune: the program has no knob",
              "bind the tile length to a literal in the host (`tile = 4096`) and size the buffers with it, stream "
              "queue buffers in a loop (`buffers=2`), or launch more than one core"));
    return result;
  }
  progress << "tuning " << request.programFile.string() << " on " << request.task->Key() << " ("
           << bench::ToString(request.eval.shapeMode) << " shapes), at most " << request.maxCandidates
           << " programs; knobs:\n";
  for (const Knob& knob : result.knobs) {
    progress << "  " << request.programFile.string() << ":" << knob.at.line << ": " << knob.label << " "
             << KnobValueText(knob, knob.values[knob.programIndex]) << " (tries "
             << KnobValueText(knob, knob.values.front()) << " .. " << KnobValueText(knob, knob.values.back()) << ")\n";
  }
  HarnessScorer scorer(
      {request.programFile, request.source, result.knobs, request.task, request.eval, request.maxCandidates}, progress);
  const KnobSetting programSetting = ProgramSetting(result.knobs);
  const CandidateScore programScore = scorer.Score({programSetting}).at(0);
  result.program = scorer.RecordOf(programSetting);
  if (programScore.status != CandidateStatus::Scored) {
    const std::string out = request.eval.outDir.string();
    result.diagnostics.push_back(Error(request, discovery.opAt,
                                       "the program itself is no valid candidate: " + result.program->rejection,
                                       "fix it before tuning; `akgen report " + out + "` shows every case, " + out +
                                           "/harness.log the harness's lines"));
    return result;
  }
  const std::vector<size_t> ladderSizes = [&] {
    std::vector<size_t> sizes;
    for (const Knob& knob : result.knobs) sizes.push_back(knob.values.size());
    return sizes;
  }();
  const SearchOutcome outcome = CoordinateDescent(ladderSizes, programSetting, programScore.cost, scorer);
  result.best = scorer.RecordOf(outcome.best);
  result.bestSource = RewriteProgram(request.source, result.knobs, outcome.best);
  result.evaluated = scorer.Evaluated();
  result.rejected = scorer.Rejected();
  result.budgetSpent = outcome.budgetSpent;
  return result;
}

}  // namespace akgen::craft
