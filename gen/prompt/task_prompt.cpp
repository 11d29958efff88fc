#include "gen/prompt/task_prompt.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "bench/task/mkb_tree.h"
#include "craft/solutions/dsl_samples.h"
#include "gen/prompt/mkb_prompt.h"
#include "gen/prompt/prompt_template.h"

namespace akgen::gen {
namespace fs = std::filesystem;
namespace {

std::string Joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : separator) + item;
  return text;
}

std::string ColumnList(const bench::Task& task) {
  std::vector<std::string> columns;
  for (const std::string& column : task.caseColumns)
    if (column != "case_id") columns.push_back(column);
  return Joined(columns, ", ");
}

std::string ApiDescription(const bench::Task& task) {
  if (task.files.apiDesc) return PromptFileText(*task.files.apiDesc);
  return "(This task has no api_desc.md. The operator is " + task.opName + ", its kernel " + task.kernelName +
         "; its test cases give " + ColumnList(task) +
         ". Work out what it computes from its name, the inputs, outputs and attributes of the host template, "
         "and the cases.)";
}

bool IsDtypeColumn(const std::string& column) {
  std::string lower = column;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.find("dtype") != std::string::npos;
}

// The distinct values of the dtype columns over `cases`, in first-seen order.
std::vector<std::string> DtypesOf(const bench::Task& task, const std::vector<const bench::TestCase*>& cases) {
  std::vector<std::string> dtypes;
  for (const bench::TestCase* testCase : cases)
    for (const std::string& column : task.caseColumns) {
      if (!IsDtypeColumn(column)) continue;
      const auto value = testCase->values.find(column);
      if (value != testCase->values.end() && std::find(dtypes.begin(), dtypes.end(), value->second) == dtypes.end())
        dtypes.push_back(value->second);
    }
  return dtypes;
}

std::string ValueOf(const bench::TestCase& testCase, const std::string& column) {
  const auto value = testCase.values.find(column);
  return value == testCase.values.end() ? "" : value->second;
}

// A field as the `;` file would hold it: quoted when it holds the separator or a quote.
std::string CsvField(const std::string& value) {
  if (value.find_first_of(";\"") == std::string::npos) return value;
  std::string quoted = "\"";
  for (char c : value) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string SupportedDtypesLine(const bench::Task& task, const std::vector<const bench::TestCase*>& cases) {
  const std::vector<std::string> dtypes = DtypesOf(task, cases);
  return dtypes.empty() ? "" : "Supported data types: " + Joined(dtypes, ", ") + "\n";
}

// Static: the one row, a `column: value` line per column. Dynamic: the whole table, `;`-separated
// under its header, as the file holds it.
std::string CasesText(const bench::Task& task, const PromptOptions& options) {
  if (options.shapeMode == bench::ShapeMode::Static) {
    const bench::TestCase* testCase = task.FindCase(options.caseId);
    if (testCase == nullptr)
      throw std::invalid_argument(task.Key() + ": static mode asks for case " + std::to_string(options.caseId) +
                                  ", which test_cases.csv does not have");
    std::string text = "The one case the kernel is checked on:\n";
    for (const std::string& column : task.caseColumns) text += column + ": " + ValueOf(*testCase, column) + "\n";
    return WithoutTrailingSpace(text + SupportedDtypesLine(task, {testCase}));
  }
  std::vector<const bench::TestCase*> cases;
  for (const bench::TestCase& testCase : task.cases) cases.push_back(&testCase);
  std::string text = "Every case below is checked; one build must pass all " + std::to_string(cases.size()) + ":\n";
  text += Joined(task.caseColumns, ";") + "\n";
  for (const bench::TestCase* testCase : cases) {
    std::vector<std::string> fields;
    for (const std::string& column : task.caseColumns) fields.push_back(CsvField(ValueOf(*testCase, column)));
    text += Joined(fields, ";") + "\n";
  }
  return WithoutTrailingSpace(text + SupportedDtypesLine(task, cases));
}

std::string HostTemplate(const bench::Task& task) {
  if (task.files.questionHost) return PromptFileText(*task.files.questionHost);
  return "// (this task ships no host template: declare the OpDef of " + task.opName +
         " from api_desc.md, inputs and attributes in the order of its Python interface)";
}

std::string KernelTemplate(const bench::Task& task) {
  if (task.files.questionKernel) return PromptFileText(*task.files.questionKernel);
  return "#include \"kernel_operator.h\"\n\nusing namespace AscendC;\n\n"
         "// one GM_ADDR per input and output, in the host template's order, then workspace and tiling\n"
         "extern \"C\" __global__ __aicore__ void " +
         task.kernelName + "(/* inputs, outputs */ GM_ADDR workspace, GM_ADDR tiling)\n{\n}";
}

std::optional<fs::path> FirstProgram(const bench::Task& task) {
  std::vector<fs::path> programs;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(craft::DslSolutionDirectory(task), error))
    if (entry.is_regular_file() && entry.path().extension() == ".craft") programs.push_back(entry.path());
  if (programs.empty()) return std::nullopt;
  return *std::min_element(programs.begin(), programs.end());
}

std::string ExamplesText(const bench::Task& task, const std::vector<const bench::Task*>& examples) {
  std::string text;
  for (const bench::Task* example : examples) {
    if (example->Key() == task.Key()) continue;  // never the answer to the question asked
    const std::optional<fs::path> program = FirstProgram(*example);
    if (!program) continue;
    text += "## " + example->opName + " (" + example->Key() + "; test case columns: " + ColumnList(*example) + ")\n";
    text += "```craft\n" + PromptFileText(*program) + "\n```\n\n";
  }
  return text.empty() ? "(none for this task)" : WithoutTrailingSpace(text);
}

// Categories by name, whatever the case, as MultiKernelBench names them in lower case, and its
// `normalization` is the built-in suite's `Norm`.
bool SameCategory(std::string a, std::string b) {
  for (std::string* name : {&a, &b}) {
    std::transform(name->begin(), name->end(), name->begin(), [](unsigned char c) { return std::tolower(c); });
    if (*name == "normalization") *name = "norm";
  }
  return a == b;
}

std::string PromptTemplateName(const PromptOptions& options) {
  if (options.route == Route::Dsl) return "dsl.md";
  return options.templateMode == bench::TemplateMode::KernelOnly ? "direct_kernel_only.md" : "direct_full.md";
}

std::string Fragment(const std::string& name, const PromptOptions& options) {
  return WithoutTrailingSpace(LoadPromptTemplate(name, options.promptsDir).text);
}

}  // namespace

const char* ToString(Route route) { return route == Route::Direct ? "direct" : "dsl"; }

std::vector<ChatMessage> TaskPrompt(const bench::Task& task, const PromptOptions& options) {
  if (task.format == bench::TaskFormat::MultiKernelBench && options.route == Route::Direct)
    return MkbTaskPrompt(task, options);
  if (task.format == bench::TaskFormat::MultiKernelBench) {
    const bench::MkbModelSignature model = bench::ReadMkbModelSignature(PromptFileText(task.files.module));
    const auto listed = [](const std::vector<std::string>& names) {
      return names.empty() ? std::string("none") : Joined(names, ", ");
    };
    const std::map<std::string, std::string> values = {
        {"op_name", task.opName},
        {"kernel_name", task.kernelName},
        {"reference", PromptFileText(task.files.module)},
        {"forward_parameters", listed(model.forwardNames)},
        {"init_parameters", listed(model.initNames)},
        {"dsl_reference", Fragment("dsl_reference.md", options)},
        {"examples", ExamplesText(task, options.examples)},
    };
    return {{"user", RenderPrompt(LoadPromptTemplate("mkb_dsl.md", options.promptsDir), values)}};
  }
  std::map<std::string, std::string> values = {
      {"op_name", task.opName},
      {"kernel_name", task.kernelName},
      {"api_desc", ApiDescription(task)},
      {"cases", CasesText(task, options)},
      {"shape_mode", bench::ToString(options.shapeMode)},
      {"hardware", Fragment("hardware.md", options)},
      {"host_template", HostTemplate(task)},
      {"kernel_template", KernelTemplate(task)},
  };
  if (options.route == Route::Dsl) {
    values["dsl_reference"] = Fragment("dsl_reference.md", options);
    values["examples"] = ExamplesText(task, options.examples);
  }
  const PromptTemplate prompt = LoadPromptTemplate(PromptTemplateName(options), options.promptsDir);
  return {{"user", RenderPrompt(prompt, values)}};
}

std::vector<const bench::Task*> DslExamplesFor(const bench::Task& task, const std::vector<bench::Task>& suite,
                                               size_t max) {
  std::vector<const bench::Task*> candidates;
  for (const bench::Task& other : suite)
    if (other.Key() != task.Key() && FirstProgram(other)) candidates.push_back(&other);
  // Closeness: the same category, then the same level, then the rest.
  const auto distance = [&task](const bench::Task* other) {
    if (SameCategory(other->category, task.category)) return 0;
    return other->level == task.level ? 1 : 2;
  };
  std::stable_sort(candidates.begin(), candidates.end(), [&](const bench::Task* a, const bench::Task* b) {
    if (distance(a) != distance(b)) return distance(a) < distance(b);
    return a->Key() < b->Key();
  });
  if (candidates.size() > max) candidates.resize(max);
  return candidates;
}

std::string CaseRowText(const bench::Task& task, const bench::TestCase& testCase) {
  std::vector<std::string> pairs;
  for (const std::string& column : task.caseColumns)
    if (column != "case_id") pairs.push_back(column + "=" + ValueOf(testCase, column));
  return Joined(pairs, ", ");
}

std::string RepairTemplateName(const PromptOptions& options) {
  if (options.route == Route::Dsl) return "repair_dsl.md";
  if (options.taskFormat == bench::TaskFormat::MultiKernelBench) return "repair_mkb_six_strings.md";
  return options.templateMode == bench::TemplateMode::KernelOnly ? "repair_kernel_only.md" : "repair_full.md";
}

}  // namespace akgen::gen
