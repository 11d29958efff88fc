#include "data/corrections/corrections.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "bench/metrics/failure_taxonomy.h"
#include "data/corrections/error_signature.h"
#include "data/corrections/unified_diff.h"
#include "data/hygiene/code_tokens.h"
#include "data/records/provenance.h"
#include "gen/prompt/repair_feedback.h"

namespace akgen::data {
namespace {

// The same sample's earliest later round that passed: the repair loop's fix.
const JudgedAttempt* RepairOf(const JudgedAttempt& failing, const std::vector<JudgedAttempt>& attempts) {
  const JudgedAttempt* repair = nullptr;
  for (const JudgedAttempt& attempt : attempts)
    if (attempt.tier == Tier::Green && attempt.runDir == failing.runDir && attempt.task == failing.task &&
        attempt.sample == failing.sample && attempt.caseId == failing.caseId && attempt.round > failing.round &&
        (repair == nullptr || attempt.round < repair->round))
      repair = &attempt;
  return repair;
}

// Any passing candidate of the same problem written in the same format.
const JudgedAttempt* PassingPeer(const JudgedAttempt& failing, const std::vector<JudgedAttempt>& attempts) {
  for (const JudgedAttempt& attempt : attempts)
    if (attempt.tier == Tier::Green && attempt.ProblemKey() == failing.ProblemKey() &&
        attempt.shapeMode == failing.shapeMode && attempt.format == failing.format)
      return &attempt;
  return nullptr;
}

std::string CodeIdentity(const JudgedAttempt& attempt) {
  std::string code = attempt.ProblemKey() + "\n";
  for (const auto& [path, text] : attempt.files) code += path + "\n" + NormalizedCode(text) + "\n";
  return code;
}

nlohmann::ordered_json Common(const std::string& kind, const JudgedAttempt& failing) {
  nlohmann::ordered_json record;
  record["kind"] = kind;
  AddProblem(record, failing);
  record["format"] = failing.format;
  record["failing"] = failing.response;
  record["diagnostic"] = failing.diagnostic;
  return record;
}

nlohmann::ordered_json Provenance(const JudgedAttempt& failing, const JudgedAttempt* fixed) {
  nlohmann::ordered_json provenance;
  provenance["failing"] = AttemptSource(failing);
  provenance["fixed"] = fixed ? AttemptSource(*fixed) : nlohmann::ordered_json(nullptr);
  provenance["tool"] = ToolVersion();
  return provenance;
}

// The size of the documentation a follow-up turn quotes.
constexpr size_t kMaxDocChars = 3000;

// The conversation the fix answers: the prompt, the failing answer and the repair loop's follow-up
// around the diagnostic (and, for api records, the documentation section).
nlohmann::ordered_json RepairConversation(const JudgedAttempt& failing, const std::optional<DocSection>& section) {
  gen::PromptOptions options;
  options.route = failing.format == "dsl" ? gen::Route::Dsl : gen::Route::Direct;
  options.templateMode = failing.format == "full" ? bench::TemplateMode::Full : bench::TemplateMode::KernelOnly;
  options.shapeMode = failing.shapeMode;
  std::string feedback = failing.diagnostic;
  if (section)
    feedback += "\nThe documentation of " + section->heading + " (" + section->headingPath + "):\n" +
                section->text.substr(0, kMaxDocChars) + "\n";
  return gen::MessagesJson(gen::RepairTurn(failing.prompt, failing.response, feedback, options));
}

nlohmann::ordered_json DocRecord(const DocSection& section) {
  return {{"file", section.file.string()},
          {"line", section.line},
          {"heading", section.heading},
          {"heading_path", section.headingPath},
          {"text", section.text}};
}

// The names worth looking up: Ascend C's APIs and types are CamelCase, while lowercase names in
// errors are the kernel's own variables or C++ keywords (`'x' was not declared`, `before 'for'`),
// which the manuals mention only in passing.
std::vector<std::string> ApiNames(const std::vector<std::string>& names) {
  std::vector<std::string> apis;
  for (const std::string& name : names)
    if (name.size() >= 3 && std::isupper(static_cast<unsigned char>(name.front()))) apis.push_back(name);
  return apis;
}

std::string CompilerLog(const JudgedAttempt& attempt) {
  for (const bench::ResultRecord& record : attempt.records)
    if (record.verdict == bench::Verdict::CompileError) return record.details.value("detail", std::string());
  return "";
}

}  // namespace

CorrectionSet BuildCorrections(const std::vector<JudgedAttempt>& attempts, const DocIndex* docs,
                               const CorrectionOptions& options) {
  CorrectionSet set;
  std::set<std::string> seen;
  // Api candidates by signature, in order of first appearance, each list with fixes first.
  std::vector<std::string> signatureOrder;
  std::map<std::string, std::vector<nlohmann::ordered_json>> bySignature;
  std::vector<nlohmann::ordered_json> kernel;
  for (const JudgedAttempt& failing : attempts) {
    if (!failing.tier || *failing.tier == Tier::Green) continue;
    if (!seen.insert(CodeIdentity(failing)).second) {
      ++set.duplicates;
      continue;
    }
    const JudgedAttempt* repair = RepairOf(failing, attempts);
    if (*failing.tier == Tier::Purple) {
      const std::string log = CompilerLog(failing);
      const ErrorSignature signature = CompileErrorSignature(log);
      if (signature.signature.empty()) continue;  // the DSL checker's errors are not the compiler's
      nlohmann::ordered_json record = Common("api", failing);
      record["signature"] = signature.signature;
      record["names"] = signature.names;
      record["error_class"] = bench::CompileErrorClass(log);
      const std::optional<DocSection> section = docs ? docs->Lookup(ApiNames(signature.names)) : std::nullopt;
      record["doc"] = section ? DocRecord(*section) : nlohmann::ordered_json(nullptr);
      record["messages"] = RepairConversation(failing, section);
      record["fixed"] = repair ? nlohmann::ordered_json(repair->response) : nullptr;
      record["fixed_reasoning"] = repair ? repair->reasoning : "";
      record["diff"] = repair ? nlohmann::ordered_json(UnifiedDiff(failing.files, repair->files)) : nullptr;
      record["provenance"] = Provenance(failing, repair);
      if (!bySignature.count(signature.signature)) signatureOrder.push_back(signature.signature);
      bySignature[signature.signature].push_back(std::move(record));
      continue;
    }
    const JudgedAttempt* fixed = repair ? repair : PassingPeer(failing, attempts);
    if (fixed == nullptr) {
      ++set.kernelWithoutFix;
      continue;
    }
    nlohmann::ordered_json record = Common("kernel", failing);
    record["failing_case"] = failing.failingCase;
    record["messages"] = RepairConversation(failing, std::nullopt);
    record["fixed"] = fixed->response;
    // A peer's reasoning answers the first prompt, not the repair, so only a repair's is kept.
    record["fixed_reasoning"] = repair ? repair->reasoning : "";
    record["fix_source"] = repair ? "repair" : "passing sample";
    record["diff"] = UnifiedDiff(failing.files, fixed->files);
    record["provenance"] = Provenance(failing, fixed);
    set.kernelRepairs += repair != nullptr;
    kernel.push_back(std::move(record));
  }
  for (const std::string& signature : signatureOrder) {
    std::vector<nlohmann::ordered_json>& group = bySignature[signature];
    std::stable_partition(group.begin(), group.end(), [](const auto& record) { return !record["fixed"].is_null(); });
    for (size_t i = 0; i < group.size(); ++i) {
      if (i == options.maxPerSignature) {
        set.cappedBySignature += group.size() - i;
        break;
      }
      set.apiWithFix += !group[i]["fixed"].is_null();
      set.apiWithDoc += !group[i]["doc"].is_null();
      ++set.signatures[signature];
      ++set.api;
      set.records.push_back(std::move(group[i]));
    }
  }
  set.kernel = kernel.size();
  for (nlohmann::ordered_json& record : kernel) set.records.push_back(std::move(record));
  return set;
}

}  // namespace akgen::data
