#include "data_command.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "data/corrections/corrections.h"
#include "data/docs/doc_index.h"
#include "data/export/training_export.h"
#include "data/prefs/preference_pairs.h"
#include "data/records/jsonl_file.h"
#include "data/runs/judged_attempt.h"

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
