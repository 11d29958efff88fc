#include "bench/eval/mkb_samples.h"

#include <algorithm>
#include <set>
#include <nlohmann/json.hpp>

#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_process.h"
#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kFormatFile = "format.txt";  // written last by a finished unpack

bool IsSampleFile(const fs::path& file) {
  const std::string extension = file.extension().string();
  return extension == ".py" || extension == ".json" || extension == ".txt";
}

// (sample number, file) in either layout.
std::vector<std::pair<int, fs::path>> SampleFiles(const fs::path& root, const Task& task) {
  std::vector<std::pair<int, fs::path>> files;
  for (const fs::path& file : SortedEntries(root / task.category / task.folderName, false))
    if (const auto sample = NumberAfter(file.stem().string(), "sample"); sample && IsSampleFile(file))
      files.emplace_back(*sample, file);
  for (const fs::path& run : SortedEntries(root, true))
    if (const auto sample = NumberAfter(run.filename().string(), "run"))
      if (const fs::path file = run / (task.folderName + ".txt"); fs::is_regular_file(file))
        files.emplace_back(*sample, file);
  std::sort(files.begin(), files.end());
  return files;
}

Candidate Unpacked(const OracleConfig& config, const Task& task, int sample, const fs::path& file,
                   const fs::path& unpackRoot) {
  Candidate candidate;
  candidate.taskKey = task.Key();
  candidate.sample = sample;
  candidate.templateMode = TemplateMode::Full;
  candidate.sampleFile = file;
  ContentHash hash;
  hash.Add("akgen-mkb-unpack-v1").Add(task.kernelName).Add(ReadFileText(file));
  for (const char* unpacker : {"mkb_candidate.py", "mkb_cheating.py"})
    hash.Add(ReadFileText(config.packageDir / "akgen_oracle" / unpacker));
  candidate.directory = unpackRoot / hash.Hex();
  if (!fs::exists(candidate.directory / kFormatFile)) {
    const fs::path staging = candidate.directory.string() + ".partial";
    fs::remove_all(staging);
    const PythonRun run = RunOracleModule(
        config, "akgen_oracle.mkb_candidate",
        {"--sample", file.string(), "--kernel-name", task.kernelName, "--out", staging.string()});
    if (!run.Succeeded()) {
      fs::remove_all(staging);
      candidate.problem = Diagnosis(run.err);
      return candidate;
    }
    WriteFileBytes(staging / kFormatFile, run.out.data(), run.out.size());
    std::error_code error;
    fs::rename(staging, candidate.directory, error);
    if (error) fs::remove_all(staging);  // another evaluation unpacked the same file first
  }
  candidate.modelFile = candidate.directory / "binding" / "model.py";
  if (ReadFileText(candidate.directory / kFormatFile).rfind("direct_launch", 0) == 0) {
    const nlohmann::json launch = nlohmann::json::parse(ReadFileText(candidate.directory / "direct_launch.json"));
    candidate.directLaunchEntry = launch.at("entry").get<std::string>();
    candidate.directLaunchEntry = candidate.directLaunchEntry.substr(0, candidate.directLaunchEntry.find("::"));
    return candidate;
  }
  candidate.hostFiles = FilesBelow(candidate.directory / "op_host");
  candidate.kernelFiles = FilesBelow(candidate.directory / "op_kernel");
  candidate.bindingFile = candidate.directory / "binding" / "pybind.cpp";
  return candidate;
}

}  // namespace

std::vector<Candidate> MkbSampleCandidates(const OracleConfig& config, const fs::path& samplesRoot, const Task& task,
                                           const fs::path& unpackRoot) {
  std::vector<Candidate> candidates;
  std::set<int> numbers;
  for (const auto& [sample, file] : SampleFiles(samplesRoot, task)) {
    candidates.push_back(Unpacked(config, task, sample, file, unpackRoot));
    numbers.insert(sample);
  }
  // A generated sample that did not become an answer (akgen generate --mode dsl) keeps why in its
  // folder instead: a reply without a program (parse_error) or a program that did not compile
  // (compile_error).
  for (const fs::path& folder : SortedEntries(samplesRoot / task.category / task.folderName, true)) {
    const std::optional<int> sample = NumberAfter(folder.filename().string(), "sample");
    if (!sample || numbers.count(*sample)) continue;
    Candidate candidate;
    candidate.taskKey = task.Key();
    candidate.sample = *sample;
    candidate.directory = folder;
    candidate.problem = ReadFileText(folder / kParseErrorFile);
    candidate.generatorLog = ReadFileText(folder / kGeneratorErrorFile);
    if (!candidate.problem.empty() || !candidate.generatorLog.empty()) candidates.push_back(std::move(candidate));
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.sample < b.sample; });
  return candidates;
}

}  // namespace akgen::bench
