#include "data_command.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "bench/builder/toolchain.h"
#include "bench/eval/evaluate.h"
#include "bench/results/results_file.h"
#include "bench/sandbox/sandbox.h"
#include "bench/sandbox/sandbox_policy.h"
#include "bench/task/task_tree.h"
#include "cache_location.h"
#include "data/corrections/corrections.h"
#include "data/cot/cot_docs.h"
#include "data/cot/cot_kernels.h"
#include "data/cot/cot_projects.h"
#include "data/docs/doc_index.h"
#include "data/export/training_export.h"
#include "data/hygiene/dataset_cleaning.h"
#include "data/prefs/preference_pairs.h"
#include "data/records/jsonl_file.h"
#include "data/runs/judged_attempt.h"
#include "data/teacher/teacher.h"
#include "gen/prompt/prompt_template.h"
#include "suite_location.h"

namespace akgen {
namespace {

namespace fs = std::filesystem;

std::vector<data::JudgedAttempt> ReadRuns(const std::vector<std::string>& runs) {
  std::vector<data::JudgedAttempt> attempts;
  for (const std::string& run : runs)
    for (data::JudgedAttempt& attempt : data::ReadJudgedAttempts(run)) attempts.push_back(std::move(attempt));
  return attempts;
}

// Runs `body`, turning a thrown error into a message on stderr and exit status 1.
template <typename Body>
int Guarded(const char* command, Body body) {
  try {
    return body();
  } catch (const std::exception& error) {
    std::cerr << "akgen data " << command << ": " << error.what() << '\n';
    return 1;
  }
}

std::string Counts(const std::map<std::string, size_t>& counts) {
  std::string text;
  for (const auto& [name, count] : counts) text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count);
  return text.empty() ? "none" : text;
}

}  // namespace

int DataPrefs(const DataPrefsOptions& options) {
  return Guarded("prefs", [&] {
    const std::vector<data::JudgedAttempt> attempts = ReadRuns(options.runs);
    data::PrefsOptions prefs;
    prefs.speedMargin = options.speedMargin;
    prefs.speedPairs = !options.noSpeedPairs;
    prefs.maxPairsPerPrompt = options.maxPairsPerPrompt;
    prefs.maxPairsPerTask = options.maxPairsPerTask;
    const data::PreferenceSet set = data::BuildPreferencePairs(attempts, prefs);
    std::vector<nlohmann::ordered_json> records;
    for (const data::PreferencePair& pair : set.pairs) records.push_back(data::PairRecord(pair, prefs));
    fs::create_directories(options.outDir);
    const fs::path file = fs::path(options.outDir) / "prefs.jsonl";
    data::WriteJsonLines(file, records);
    std::cout << file.string() << ": " << records.size() << " pairs from " << set.prompts << " prompts ("
              << Counts(set.perKind) << ")\n"
              << attempts.size() << " judged candidates read; " << set.duplicates << " duplicates of an earlier "
              << "candidate's code dropped, " << set.untiered << " without a tier (no code, unfinished), " << set.capped
              << " pairs over the caps\n";
    return 0;
  });
}

int DataCorrections(const DataCorrectionsOptions& options) {
  return Guarded("corrections", [&] {
    const std::vector<data::JudgedAttempt> attempts = ReadRuns(options.runs);
    fs::create_directories(options.outDir);
    std::unique_ptr<data::DocIndex> docs;
    if (!options.docs.empty()) {
      const std::vector<fs::path> paths(options.docs.begin(), options.docs.end());
      docs =
          std::make_unique<data::DocIndex>(fs::path(options.outDir) / "docs.sqlite", data::CollectDocSections(paths));
    }
    data::CorrectionOptions corrections;
    corrections.maxPerSignature = options.maxPerSignature;
    const data::CorrectionSet set = data::BuildCorrections(attempts, docs.get(), corrections);
    const fs::path file = fs::path(options.outDir) / "corrections.jsonl";
    data::WriteJsonLines(file, set.records);
    std::cout << file.string() << ": " << set.records.size() << " records: " << set.api << " api (" << set.apiWithFix
              << " with a passing fix, " << set.apiWithDoc << " with documentation), " << set.kernel << " kernel ("
              << set.kernelRepairs << " fixed by their own repair)\n"
              << attempts.size() << " judged candidates read; " << set.kernelWithoutFix
              << " failing kernels without a passing candidate of their problem, " << set.duplicates
              << " duplicates dropped, " << set.cappedBySignature << " over the per-signature cap\n";
    if (docs) std::cout << "documentation: " << docs->size() << " sections indexed\n";
    for (const auto& [signature, count] : set.signatures) std::cout << "  " << count << "  " << signature << '\n';
    return 0;
  });
}

namespace {

// The teacher's route, with its response cache in OUT by default.
std::unique_ptr<data::Teacher> MakeTeacher(const ModelServerOptions& options, const std::string& outDir) {
  gen::GenerateOptions generate;
  if (const std::string invalid = ApplyModelServerOptions(options, generate); !invalid.empty())
    throw std::invalid_argument(invalid);
  if (!options.NoRoute() && options.model.empty())
    throw std::invalid_argument(
        "--model is required with --base-url, --emit-requests or --responses (the teacher's name)");
  generate.outDir = fs::absolute(outDir);
  fs::create_directories(generate.outDir);
  return std::make_unique<data::Teacher>(generate, std::cout);
}

void ReportCot(const char* name, const data::CotOutcome& outcome, const data::Teacher& teacher) {
  if (outcome.promptsOnly) {
    std::cout << outcome.file.string() << ": " << outcome.items
              << " prompts (no --base-url, --responses or --emit-requests: nothing was asked)\n";
    return;
  }
  std::cout << outcome.file.string() << ": " << outcome.records << " records from " << outcome.items << " requests; "
            << outcome.rejected << " answers rejected (" << name << ".rejected.jsonl says why), " << outcome.unanswered
            << " unanswered";
  if (teacher.Emitted() > 0) std::cout << " (" << teacher.Emitted() << " written for the batch service)";
  std::cout << '\n';
}

}  // namespace

void AddCotOptions(CLI::App* app, CotCommandOptions& options, const std::string& outHelp) {
  app->add_option("--out", options.outDir, outHelp)->required();
  app->add_option("--prompts", options.promptsDir, "folder of prompt templates overriding gen/prompts/");
  AddModelServerOptions(app, options.teacher, "the teacher");
}

int DataCotDocs(const DataCotDocsOptions& options) {
  return Guarded("cot-docs", [&] {
    const std::vector<fs::path> paths(options.docs.begin(), options.docs.end());
    const std::vector<data::DocSection> sections = data::CollectDocSections(paths);
    const gen::PromptTemplate prompt = gen::LoadPromptTemplate("cot_docs.md", options.promptsDir);
    data::DocsCotOptions docs;
    docs.questionsPerSection = options.questions;
    docs.minChars = options.minChars;
    size_t tooShort = 0;
    const std::vector<data::CotItem> items = data::DocsCotItems(sections, prompt, docs, tooShort);
    std::cout << sections.size() << " sections read, " << tooShort << " shorter than " << options.minChars
              << " characters left out\n";
    const std::unique_ptr<data::Teacher> teacher = MakeTeacher(options.teacher, options.outDir);
    const data::CotOutcome outcome =
        data::RunCotBuilder("cot-docs", items, prompt, *teacher, data::JudgeDocsAnswer, options.outDir);
    ReportCot("cot-docs", outcome, *teacher);
    return outcome.unanswered > 0 && teacher->Emitted() == 0 ? 1 : 0;
  });
}

int DataCotKernels(const DataCotKernelsOptions& options) {
  return Guarded("cot-kernels", [&] {
    const std::vector<fs::path> trees(options.trees.begin(), options.trees.end());
    std::vector<data::KernelUnit> units = data::GatherKernelUnits(trees);
    // Absolute: the sandboxed compiler runs in other folders. Searchable, as `akgen eval` makes it.
    const fs::path cacheDir = fs::absolute(CacheDirOption(options.cacheDir));
    fs::create_directories(cacheDir);
    fs::permissions(cacheDir, fs::perms::others_exec | fs::perms::group_exec, fs::perm_options::add);
    if (bench::SandboxRunsAsOtherUsers())
      bench::StageHarnessToolchain(bench::SandboxPolicy{}.sandboxUid, cacheDir / "staged");
    const fs::path workRoot = bench::FreshWorkRoot();
    const std::vector<data::CheckedUnit> checked = data::CheckKernelUnits(std::move(units), workRoot);
    fs::remove_all(workRoot);
    std::vector<nlohmann::ordered_json> unitLines;
    size_t compiling = 0;
    size_t skeletons = 0;
    std::map<std::string, std::string> unitSources;
    for (const data::CheckedUnit& unit : checked) {
      unitLines.push_back(data::UnitRecord(unit));
      compiling += unit.compiles;
      skeletons += unit.unit.emptyEntry;
      unitSources[unit.unit.file.string()] = unit.unit.source;
    }
    fs::create_directories(options.outDir);
    data::WriteJsonLines(fs::path(options.outDir) / "cot-kernels.units.jsonl", unitLines);
    std::cout << checked.size() << " kernels found, " << compiling << " compile on the simulator; " << skeletons
              << " skeletons with an empty entry left out ("
              << (fs::path(options.outDir) / "cot-kernels.units.jsonl").string() << ")\n";
    const gen::PromptTemplate prompt = gen::LoadPromptTemplate("cot_kernels.md", options.promptsDir);
    const std::vector<data::CotItem> items = data::KernelCotItems(checked, prompt, options.includeFailing);
    const std::unique_ptr<data::Teacher> teacher = MakeTeacher(options.teacher, options.outDir);
    const data::CotJudge judge = [&](const data::CotItem& item, const gen::Choice& answer) {
      return data::JudgeKernelAnswer(unitSources.at(item.id), answer);
    };
    const data::CotOutcome outcome = data::RunCotBuilder("cot-kernels", items, prompt, *teacher, judge, options.outDir);
    ReportCot("cot-kernels", outcome, *teacher);
    return outcome.unanswered > 0 && teacher->Emitted() == 0 ? 1 : 0;
  });
}

int DataCotProjects(const DataCotProjectsOptions& options) {
  return Guarded("cot-projects", [&] {
    bench::EvalOptions eval;
    eval.suiteRoot = SuiteRoot(options.suite);
    eval.solutions = "answer";
    eval.shapeMode = bench::ShapeMode::Dynamic;
    eval.cases = bench::CaseSelection::All();
    eval.filter = options.filter;
    eval.outDir = fs::path(options.outDir) / "answers";
    eval.cacheDir = CacheDirOption(options.cacheDir);
    eval.jobs = options.evalJobs;
    eval.runSeconds = options.runSeconds;
    eval.oracle = bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, eval.cacheDir / "golden");
    const bench::EvalOutcome evaluated = bench::Evaluate(bench::WithAbsolutePaths(eval), std::cout);
    std::cout << "answers: " << evaluated.evaluated << " cases judged, " << evaluated.skipped << " already judged, in "
              << eval.outDir.string() << '\n';
    const bench::TaskTree tree = bench::ReadTaskTree(eval.suiteRoot);
    const gen::PromptTemplate prompt = gen::LoadPromptTemplate("cot_projects.md", options.promptsDir);
    const std::string hardware = gen::LoadPromptTemplate("hardware.md", options.promptsDir).text;
    const data::ProjectItems project = data::ProjectCotItems(
        tree, bench::LoadResults(eval.outDir / bench::kResultsFileName).records, prompt, hardware);
    std::cout << project.items.size() << " passing cases with their tiling, " << project.skipped
              << " cases left out (the answer failed, or the tiling is unknown)\n";
    const std::unique_ptr<data::Teacher> teacher = MakeTeacher(options.teacher, options.outDir);
    const data::CotJudge judge = [&](const data::CotItem& item, const gen::Choice& answer) {
      return data::JudgeProjectAnswer(project.targets.at(item.id), answer);
    };
    const data::CotOutcome outcome =
        data::RunCotBuilder("cot-projects", project.items, prompt, *teacher, judge, options.outDir);
    ReportCot("cot-projects", outcome, *teacher);
    return outcome.unanswered > 0 && teacher->Emitted() == 0 ? 1 : 0;
  });
}

int DataClean(const DataCleanOptions& options) {
  return Guarded("clean", [&] {
    if (!fs::is_directory(options.dataDir)) throw std::runtime_error(options.dataDir + ": no such dataset folder");
    std::vector<bench::Task> tasks;
    for (const std::string& suite : options.against)
      for (bench::Task& task : bench::ReadTaskTree(SuiteRoot(suite)).tasks) tasks.push_back(std::move(task));
    std::unique_ptr<data::BenchmarkNgrams> benchmark;
    if (!tasks.empty()) benchmark = std::make_unique<data::BenchmarkNgrams>(tasks);
    data::CleaningOptions cleaning;
    cleaning.minTargetChars = options.minChars;
    cleaning.maxChars = options.maxChars;
    cleaning.nearDuplicate = options.nearDuplicate;
    cleaning.contamination = options.contamination;
    cleaning.flagOnly = options.flagOnly;
    const data::CleaningReport report = data::CleanDataset(options.dataDir, benchmark.get(), cleaning);
    if (benchmark) std::cout << "benchmark: " << tasks.size() << " tasks, " << benchmark->size() << " 13-grams\n";
    std::cout << "kept: " << Counts(report.kept) << "\ndropped: " << Counts(report.reasons) << " ("
              << (fs::path(options.dataDir) / "dropped.jsonl").string() << ")";
    if (options.flagOnly) std::cout << "; flagged as contaminated: " << report.flagged;
    std::cout << '\n';
    return 0;
  });
}

int DataExport(const DataExportOptions& options) {
  return Guarded("export", [&] {
    const std::optional<data::ExportFormat> format = data::ParseExportFormat(options.format);
    if (!format)
      throw std::invalid_argument("--format must be llamafactory, trl or openai, not '" + options.format + "'");
    const data::ExportSummary summary = data::ExportDataset(options.dataDir, *format, options.outDir);
    std::cout << summary.sftExamples << " SFT examples, " << summary.preferencePairs << " preference pairs ("
              << summary.skipped << " corrections without a fix skipped)\n";
    for (const fs::path& file : summary.files) std::cout << "  " << file.string() << '\n';
    return 0;
  });
}

}  // namespace akgen
