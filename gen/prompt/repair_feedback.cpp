#include "gen/prompt/repair_feedback.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>

#include "gen/prompt/prompt_template.h"

namespace akgen::gen {
namespace {

using bench::Verdict;

constexpr size_t kMaxCompilerErrors = 5;
constexpr size_t kMaxContextLines = 3;    // source and caret lines the compiler prints under an error
constexpr size_t kMaxDetailLines = 12;    // of a simulator diagnostic or another runner detail
constexpr size_t kMaxWarnings = 3;
constexpr size_t kMaxLineChars = 400;

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

std::string Trimmed(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

std::string Capped(const std::string& line) {
  return line.size() <= kMaxLineChars ? line : line.substr(0, kMaxLineChars) + " …";
}

bool StartsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

bool IsPathChar(char c) {
  return !std::isspace(static_cast<unsigned char>(c)) && c != ':' && c != '(' && c != ')' && c != ',' && c != '\'' &&
         c != '"' && c != '`';
}

// An absolute path as the model should read it: from `op_kernel/` or `op_host/` on when it points
// into the candidate, else its file name (the harness's own folders mean nothing to the model).
std::string ShortPath(const std::string& path) {
  size_t candidate = std::string::npos;
  for (const char* folder : {"/op_kernel/", "/op_host/"}) {
    const size_t at = path.rfind(folder);
    if (at != std::string::npos && (candidate == std::string::npos || at > candidate)) candidate = at;
  }
  if (candidate != std::string::npos) return path.substr(candidate + 1);
  return path.substr(path.rfind('/') + 1);
}

std::string WithShortPaths(const std::string& text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const bool tokenStart = text[i] == '/' && (i == 0 || !IsPathChar(text[i - 1]) || text[i - 1] == '=');
    if (tokenStart) {
      size_t end = i;
      while (end < text.size() && IsPathChar(text[end])) ++end;
      const std::string token = text.substr(i, end - i);
      if (std::count(token.begin(), token.end(), '/') >= 2 && token.back() != '/') {
        out += ShortPath(token);
        i = end;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

bool InCandidate(const std::string& shortLine) {
  return StartsWith(shortLine, "op_kernel/") || StartsWith(shortLine, "op_host/");
}

bool IsErrorLine(const std::string& line) {
  return line.find(": error:") != std::string::npos || line.find(": fatal error:") != std::string::npos ||
         StartsWith(line, "error:") || line.find("undefined reference to") != std::string::npos;
}

// What gcc prints under a diagnostic (`   83 |   code`, `      |   ^~~~`) and craft's `hint:` line.
bool IsContextLine(const std::string& line) {
  const std::string trimmed = Trimmed(line);
  if (StartsWith(trimmed, "hint:")) return true;
  size_t i = 0;
  while (i < trimmed.size() && std::isdigit(static_cast<unsigned char>(trimmed[i]))) ++i;
  while (i < trimmed.size() && trimmed[i] == ' ') ++i;
  return i < trimmed.size() && trimmed[i] == '|';
}

bool IsCommandLine(const std::string& line) {
  for (const char* compiler : {"g++ ", "c++ ", "gcc ", "clang++ ", "clang ", "ccache ", "bisheng "})
    if (StartsWith(Trimmed(line), compiler)) return true;
  return false;
}

// The compiler's first errors with the source lines it shows under them. An error inside a header of
// the toolchain is placed by the last `required from` line that points into the candidate.
std::string CompilerErrors(const std::string& log) {
  const std::vector<std::string> lines = Lines(WithShortPaths(log));
  std::string text;
  std::string candidateSite;
  size_t shown = 0;
  size_t total = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (InCandidate(line) && line.find("required from") != std::string::npos) candidateSite = Trimmed(line);
    if (!IsErrorLine(line)) continue;
    ++total;
    if (shown == kMaxCompilerErrors) continue;
    ++shown;
    text += Capped(line) + "\n";
    if (!InCandidate(line) && !candidateSite.empty()) text += "  (" + Capped(candidateSite) + ")\n";
    for (size_t k = i + 1; k < lines.size() && k <= i + kMaxContextLines && IsContextLine(lines[k]); ++k)
      text += Capped(lines[k]) + "\n";
  }
  if (total > shown) text += "… and " + std::to_string(total - shown) + " more errors\n";
  if (!text.empty()) return text;
  // No line says `error:`: the log's own first lines, without the command that was run.
  size_t kept = 0;
  for (const std::string& line : lines) {
    if (Trimmed(line).empty() || IsCommandLine(line) || kept == kMaxDetailLines) continue;
    text += Capped(line) + "\n";
    ++kept;
  }
  return text.empty() ? "(the build printed nothing)\n" : text;
}

std::string FirstLines(const std::string& detail, size_t count) {
  std::string text;
  size_t kept = 0;
  for (const std::string& line : Lines(WithShortPaths(detail))) {
    if (Trimmed(line).empty()) continue;
    if (kept++ == count) {
      text += "…\n";
      break;
    }
    text += Capped(line) + "\n";
  }
  return text;
}

std::string Detail(const bench::ResultRecord& record) {
  return record.details.is_object() ? record.details.value("detail", std::string()) : std::string();
}

std::string Number(const nlohmann::json& details, const char* key) {
  const auto value = details.find(key);
  if (value == details.end() || !value->is_number()) return "";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value->get<double>());
  return text;
}

std::string CaseName(const bench::Task& task, int caseId) {
  const bench::TestCase* testCase = task.FindCase(caseId);
  const std::string row = testCase == nullptr ? "" : CaseRowText(task, *testCase);
  return "case " + std::to_string(caseId) + (row.empty() ? "" : " (" + row + ")");
}

bool IsFailure(Verdict verdict) {
  return verdict != Verdict::Pass && verdict != Verdict::Timed && verdict != Verdict::TaskError;
}

std::string WrongAnswer(const bench::Task& task, const bench::ResultRecord& record) {
  const nlohmann::json& details = record.details;
  std::string text = "Wrong results on " + CaseName(task, record.caseId) + ".\n";
  const std::string reason = details.is_object() ? details.value("reason", std::string()) : std::string();
  if (!reason.empty()) text += Capped(reason) + "\n";
  const std::string maxAbs = Number(details, "max_abs_error");
  const std::string maxRel = Number(details, "max_rel_error");
  if (!maxAbs.empty()) text += "Largest absolute error " + maxAbs + ", largest relative error " + maxRel + ".\n";
  // The default rule names the wrong elements in its reason; a task's own checker only reports the errors.
  const std::string badCount = Number(details, "bad_count");
  if (!badCount.empty() && badCount != "0" && reason.find(" elements ") == std::string::npos)
    text += badCount + " elements are wrong, the first at index " + Number(details, "first_bad_index") + ".\n";
  return text;
}

std::string SimError(const bench::Task& task, const bench::ResultRecord& record) {
  const std::string kind = record.details.value("diagnostic_kind", std::string());
  std::string text = "The NPU simulator stopped the kernel on " + CaseName(task, record.caseId) +
                     (kind.empty() ? "" : " with a [" + kind + "] error") + ":\n" + FirstLines(Detail(record), kMaxDetailLines);
  const auto warnings = record.details.find("warnings");
  if (warnings != record.details.end() && warnings->is_array() && !warnings->empty()) {
    text += "Warnings of the same run:\n";
    size_t shown = 0;
    for (const nlohmann::json& warning : *warnings) {
      if (!warning.is_string() || shown++ == kMaxWarnings) continue;
      text += "- " + Capped(WithShortPaths(warning.get<std::string>())) + "\n";
    }
  }
  return text;
}

std::string Failure(const bench::Task& task, const bench::ResultRecord& record) {
  const std::string on = CaseName(task, record.caseId);
  switch (record.verdict) {
    case Verdict::ParseError:
      return "Parsing it failed: " + Trimmed(Detail(record)) + "\n";
    case Verdict::CompileError:
      return "The build failed:\n" + CompilerErrors(Detail(record));
    case Verdict::TilingError:
      return "The host tiling function failed on " + on + ":\n" + FirstLines(Detail(record), kMaxDetailLines);
    case Verdict::SimError:
      return SimError(task, record);
    case Verdict::Crash:
      return "The kernel's process crashed on " + on + ":\n" + FirstLines(Detail(record), kMaxDetailLines);
    case Verdict::Timeout:
      return "The kernel did not finish within the time limit on " + on +
             " (likely an endless loop or a wait that is never satisfied)." +
             (Detail(record).empty() ? "" : " [" + Trimmed(Detail(record)) + "]") + "\n";
    case Verdict::WrongAnswer:
      return WrongAnswer(task, record);
    case Verdict::Pass:
    case Verdict::Timed:
    case Verdict::TaskError:
      break;
  }
  return "";
}

std::string CaseList(const std::vector<int>& caseIds) {
  std::string text = caseIds.size() == 1 ? "case " : "cases ";
  for (size_t i = 0; i < caseIds.size(); ++i) text += (i == 0 ? "" : ", ") + std::to_string(caseIds[i]);
  return text;
}

// `Other failing cases: wrong_answer on cases 1, 2; timeout on case 3. Passed: case 4.`
std::string OthersLine(const std::vector<const bench::ResultRecord*>& others, const std::vector<int>& passed) {
  std::map<Verdict, std::vector<int>> byVerdict;
  for (const bench::ResultRecord* record : others) byVerdict[record->verdict].push_back(record->caseId);
  std::string text;
  if (!byVerdict.empty()) {
    text += "Other failing cases: ";
    bool first = true;
    for (const auto& [verdict, caseIds] : byVerdict) {
      text += (first ? "" : "; ") + std::string(bench::ToString(verdict)) + " on " + CaseList(caseIds);
      first = false;
    }
    text += ".";
  }
  if (!passed.empty()) text += (text.empty() ? "" : " ") + std::string("Passed: ") + CaseList(passed) + ".";
  return text.empty() ? "" : Capped(text) + "\n";
}

// At most `limit` characters, cut at a line's end.
std::string Bounded(std::string text, size_t limit) {
  if (text.size() <= limit) return text;
  const std::string note = "… (cut short; fix the problems above first)\n";
  text.resize(limit - note.size());
  const size_t lineEnd = text.rfind('\n');
  if (lineEnd != std::string::npos) text.resize(lineEnd + 1);
  return text + note;
}

std::string Finished(const std::string& text) { return Bounded(Trimmed(text) + "\n", kMaxFeedbackChars); }

}  // namespace

std::string RepairFeedback(const bench::Task& task, const RoundOutcome& outcome) {
  if (!Trimmed(outcome.parseProblem).empty())
    return Finished("Parsing it failed: " + Trimmed(outcome.parseProblem));
  if (!Trimmed(outcome.generatorLog).empty())
    return Finished("The craft checker rejected the program:\n" + outcome.generatorLog);
  std::vector<const bench::ResultRecord*> failures;
  std::vector<int> passed;
  for (const bench::ResultRecord& record : outcome.records) {
    if (IsFailure(record.verdict)) failures.push_back(&record);
    if (record.verdict == Verdict::Pass) passed.push_back(record.caseId);
  }
  if (failures.empty()) return "";
  std::stable_sort(failures.begin(), failures.end(),
                   [](const bench::ResultRecord* a, const bench::ResultRecord* b) { return a->caseId < b->caseId; });
  std::sort(passed.begin(), passed.end());
  const std::string others = OthersLine({failures.begin() + 1, failures.end()}, passed);
  // The list of other cases is short and always fits; the first failure's detail takes the rest.
  const std::string first = Bounded(Failure(task, *failures.front()), kMaxFeedbackChars - others.size() - 1);
  return Finished(first + others);
}

std::vector<ChatMessage> RepairTurn(const std::vector<ChatMessage>& conversation, const std::string& previousAnswer,
                                    const std::string& feedback, const PromptOptions& options) {
  if (Trimmed(feedback).empty()) throw std::invalid_argument("a repair turn needs feedback: nothing failed");
  std::vector<ChatMessage> turn = conversation;
  turn.push_back({"assistant", SplitReasoning(previousAnswer, false).answer});
  const PromptTemplate followUp = LoadPromptTemplate(RepairTemplateName(options), options.promptsDir);
  turn.push_back({"user", RenderPrompt(followUp, {{"feedback", Trimmed(feedback)}})});
  return turn;
}

}  // namespace akgen::gen
