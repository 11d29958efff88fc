// `akgen data cot-kernels`: kernel-level chain of thought (the AscendKernelGen paper, §4.1.2 and
// appendix D.2). Each kernel found in the trees is gathered into a self-contained unit
// (kernel_units.h) and compiled on the simulator; by default only units that compile go to the
// teacher (gen/prompts/cot_kernels.md), which writes the task the kernel answers and the reasoning
// from that task to the code. A record is an SFT example: the task, answered by the reasoning and
// the unit.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "data/cot/cot_builder.h"
#include "data/cot/kernel_units.h"

namespace akgen::data {

struct CheckedUnit {
  KernelUnit unit;
  bool compiles = false;
  std::string firstError;  // the compiler's first error, when it does not compile
};

// Compiles each unit in its own folder under `workRoot`. Throws bench::EnvironmentFault when a
// compile fails without any compiler error: the machine is at fault, and no unit is labelled.
std::vector<CheckedUnit> CheckKernelUnits(std::vector<KernelUnit> units, const std::filesystem::path& workRoot);

// One line of cot-kernels.units.jsonl: file, compiles, first error, inlined and unresolved headers,
// whether the entry is empty.
nlohmann::ordered_json UnitRecord(const CheckedUnit& unit);

// The teacher's requests for the units that compile (all units with `includeFailing`); never for a
// skeleton (an empty entry), which teaches nothing.
std::vector<CotItem> KernelCotItems(const std::vector<CheckedUnit>& units, const gen::PromptTemplate& prompt,
                                    bool includeFailing);

// {"kind": "cot-kernels", "messages": [the task], "reasoning", "answer" (`unitSource` in a fence); an
// answer without both parts is rejected.
CotJudgement JudgeKernelAnswer(const std::string& unitSource, const gen::Choice& answer);

}  // namespace akgen::data
