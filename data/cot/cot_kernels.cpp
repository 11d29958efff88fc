#include "data/cot/cot_kernels.h"

#include "bench/builder/kernel_source_check.h"
#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/metrics/failure_taxonomy.h"
#include "data/cot/qa_blocks.h"

namespace akgen::data {

namespace fs = std::filesystem;

std::vector<CheckedUnit> CheckKernelUnits(std::vector<KernelUnit> units, const fs::path& workRoot) {
  std::vector<CheckedUnit> checked;
  for (size_t i = 0; i < units.size(); ++i) {
    const bench::CompilerRun run = bench::CheckKernelSource(units[i].source, workRoot / ("unit" + std::to_string(i)));
    const std::string firstError = run.ok ? "" : bench::FirstCompileError(run.log);
    // A failure without any compiler error, or without the simulator's own header, is the
    // machine's (the sandbox could not start the compiler, or cannot read the simulator), never a
    // fact about the kernel.
    if (!run.ok && (firstError.empty() || firstError.find("kernel_operator.h: No such file") != std::string::npos))
      throw bench::EnvironmentFault(
          "checking " + units[i].file.string() +
          " failed without a compiler error about the kernel, so the machine's set-up is at fault:\n" +
          run.log.substr(0, 2000));
    checked.push_back({std::move(units[i]), run.ok, firstError});
  }
  return checked;
}

nlohmann::ordered_json UnitRecord(const CheckedUnit& checked) {
  return {{"file", checked.unit.file.string()},
          {"compiles", checked.compiles},
          {"first_error", checked.firstError},
          {"inlined", checked.unit.inlined},
          {"unresolved", checked.unit.unresolved},
          {"empty_entry", checked.unit.emptyEntry},
          {"unit_hash", bench::ContentHash().Add(checked.unit.source).Hex()}};
}

std::vector<CotItem> KernelCotItems(const std::vector<CheckedUnit>& units, const gen::PromptTemplate& prompt,
                                    bool includeFailing) {
  std::vector<CotItem> items;
  for (const CheckedUnit& checked : units) {
    if ((!checked.compiles && !includeFailing) || checked.unit.emptyEntry) continue;
    const std::string content =
        gen::RenderPrompt(prompt, {{"file", checked.unit.file.filename().string()}, {"source", checked.unit.source}});
    items.push_back({checked.unit.file.string(), {{"user", content}}, UnitRecord(checked)});
  }
  return items;
}

CotJudgement JudgeKernelAnswer(const std::string& unitSource, const gen::Choice& answer) {
  const std::optional<std::string> question = TaggedPart(answer.answer, "question");
  const std::optional<std::string> reasoning = TaggedPart(answer.answer, "reasoning");
  if (!question || !reasoning || question->empty() || reasoning->empty())
    return std::string("the answer lacks a non-empty <question> or <reasoning>");
  return std::vector<nlohmann::ordered_json>{{{"kind", "cot-kernels"},
                                              {"messages", gen::MessagesJson({{"user", *question}})},
                                              {"reasoning", *reasoning},
                                              {"answer", "```cpp\n" + unitSource + "```\n"}}};
}

}  // namespace akgen::data
