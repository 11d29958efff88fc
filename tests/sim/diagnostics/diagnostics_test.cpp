// Runs the misuse programs in programs/ (each compiled by `akgen cc` at build time) as child
// processes and checks what a user sees: the exit status, the compiler-style diagnostic line at the
// source line marked `// EXPECT-DIAG: <marker>`, the block index, and the AKGEN_SIM_DIAG_JSON record.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern char** environ;

namespace {

using nlohmann::json;

std::string SourcePath(const std::string& program) { return DIAGNOSTIC_SOURCE_DIR "/" + program + ".cpp"; }

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream stream(text);
  std::string line;
  while (std::getline(stream, line)) lines.push_back(line);
  return lines;
}

bool StartsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }
bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The 1-based line of the program's source that carries `// EXPECT-DIAG: <marker>`; there must be exactly one.
int MarkerLine(const std::string& program, const std::string& marker) {
  const std::vector<std::string> lines = Lines(ReadFile(SourcePath(program)));
  int found = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!EndsWith(lines[i], "// EXPECT-DIAG: " + marker)) continue;
    EXPECT_EQ(found, 0) << "marker '" << marker << "' appears twice in " << program;
    found = int(i + 1);
  }
  EXPECT_NE(found, 0) << "no '// EXPECT-DIAG: " << marker << "' in " << SourcePath(program);
  return found;
}

struct ProgramRun {
  int exitStatus = -1;
  std::string out;
  std::string err;
  std::vector<json> records;  // AKGEN_SIM_DIAG_JSON lines

  std::string Describe() const { return "exit " + std::to_string(exitStatus) + "\nstdout:\n" + out + "stderr:\n" + err; }
  // How many lines of stderr contain `needle`.
  int CountStderr(const std::string& needle) const {
    int count = 0;
    for (const std::string& line : Lines(err)) count += line.find(needle) != std::string::npos;
    return count;
  }
};

// Runs a program with stdout, stderr and the JSON diagnostics captured in a fresh directory; the
// inherited AKGEN_SIM_* settings are replaced by `settings`.
ProgramRun RunProgram(const std::string& program, const std::vector<std::string>& arguments,
               const std::vector<std::string>& settings = {}) {
  std::string directory = testing::TempDir() + "diag_XXXXXX";
  if (mkdtemp(directory.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp failed";
    return {};
  }
  const std::string outPath = directory + "/stdout", errPath = directory + "/stderr", jsonPath = directory + "/diag.jsonl";

  std::vector<std::string> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (!StartsWith(*entry, "AKGEN_SIM_")) environment.push_back(*entry);
  }
  environment.push_back("AKGEN_SIM_DIAG_JSON=" + jsonPath);
  for (const std::string& setting : settings) environment.push_back(setting);

  std::vector<std::string> command = {DIAGNOSTIC_PROGRAM_DIR "/" + program};
  command.insert(command.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv, envp;
  for (std::string& part : command) argv.push_back(part.data());
  for (std::string& part : environment) envp.push_back(part.data());
  argv.push_back(nullptr);
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t child = 0;
  const int spawned = posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ProgramRun run;
  if (spawned != 0) {
    ADD_FAILURE() << "cannot start " << argv[0] << ": " << std::strerror(spawned);
    return run;
  }
  int status = 0;
  waitpid(child, &status, 0);
  run.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.out = ReadFile(outPath);
  run.err = ReadFile(errPath);
  for (const std::string& line : Lines(ReadFile(jsonPath))) {
    if (!line.empty()) run.records.push_back(json::parse(line));
  }
  return run;
}

struct Expected {
  std::string severity;  // "error" or "warning"
  std::string kind;
  std::string marker;  // EXPECT-DIAG marker of the offending call
  int64_t block;
  std::string api;
  std::string messagePart;  // something the message must say
};

// The diagnostic appears exactly once, as `<file>:<line>: <severity>: [<kind>] <message> (block N, <api>)`
// on stderr and as one JSON record with the same fields; returns that record.
json ExpectReported(const ProgramRun& run, const std::string& program, const Expected& expected) {
  const int line = MarkerLine(program, expected.marker);
  const std::string prefix =
      SourcePath(program) + ":" + std::to_string(line) + ": " + expected.severity + ": [" + expected.kind + "] ";
  const std::string suffix = " (block " + std::to_string(expected.block) + ", " + expected.api + ")";
  std::string message;
  int matches = 0;
  for (const std::string& text : Lines(run.err)) {
    if (!StartsWith(text, prefix)) continue;
    EXPECT_TRUE(EndsWith(text, suffix)) << text << "\n  does not end with" << suffix;
    message = text.substr(prefix.size(), text.size() - prefix.size() - suffix.size());
    ++matches;
  }
  EXPECT_EQ(matches, 1) << "expected one line starting with\n  " << prefix << "\n" << run.Describe();
  EXPECT_NE(message.find(expected.messagePart), std::string::npos)
      << "message '" << message << "' does not mention '" << expected.messagePart << "'";

  json found;
  int records = 0;
  for (const json& record : run.records) {
    if (record.value("kind", "") != expected.kind || record.value("line", 0) != line) continue;
    found = record;
    ++records;
  }
  EXPECT_EQ(records, 1) << "expected one JSON record of kind " << expected.kind << " at line " << line;
  if (records != 1) return found;
  EXPECT_EQ(found["severity"], expected.severity);
  EXPECT_EQ(found["file"], SourcePath(program));
  EXPECT_EQ(found["api"], expected.api);
  EXPECT_EQ(found["block"], expected.block);
  EXPECT_EQ(found["message"], message);
  EXPECT_TRUE(found["notes"].is_array());
  return found;
}

// A runtime error: status 1, one error diagnostic and the launcher's closing line.
json ExpectError(const ProgramRun& run, const std::string& program, const Expected& expected) {
  EXPECT_EQ(run.exitStatus, 1) << run.Describe();
  EXPECT_EQ(run.CountStderr(": error: ["), 1) << run.Describe();
  EXPECT_EQ(run.CountStderr("akgen-sim: kernel launch stopped by the error above"), 1) << run.Describe();
  return ExpectReported(run, program, expected);
}

TEST(DiagnosticsTest, CleanProgramReportsNothingAndComputesTheSum) {
  const ProgramRun run = RunProgram("clean_add", {});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  EXPECT_EQ(run.err, "");
  EXPECT_TRUE(run.records.empty());
  EXPECT_EQ(run.out, "mismatches: 0\n");
}

// The allocation table comes with the InitBuffer diagnostic, an error under AKGEN_SIM_STRICT=1.
TEST(DiagnosticsTest, UbOverflowListsTheAllocationTable) {
  const ProgramRun run = RunProgram("ub_overflow", {}, {"AKGEN_SIM_STRICT=1"});
  const json record =
      ExpectError(run, "ub_overflow", {"error", "ub-overflow", "ub-overflow", 0, "InitBuffer", "196608 bytes"});
  // The table: a header, the four VECIN buffers placed before, and the request that does not fit.
  ASSERT_EQ(record["notes"].size(), 6u) << record.dump(2);
  EXPECT_NE(record["notes"][0].get<std::string>().find("UB allocations of this TPipe (capacity 196608 bytes)"),
            std::string::npos);
  for (int i = 1; i <= 4; ++i) EXPECT_NE(record["notes"][i].get<std::string>().find("40960 bytes  VECIN"), std::string::npos);
  EXPECT_NE(record["notes"][5].get<std::string>().find("[163840, 204800)"), std::string::npos);
  EXPECT_NE(record["notes"][5].get<std::string>().find("<- this request"), std::string::npos);
  const std::string notePrefix = SourcePath("ub_overflow") + ":" + std::to_string(MarkerLine("ub_overflow", "ub-overflow")) + ": note: ";
  EXPECT_EQ(run.CountStderr(notePrefix), 6) << run.err;
}

// Like the hardware, a buffer placed past the end of the UB is an error only when touched there.
TEST(DiagnosticsTest, UbOverflowWarnsAtInitBufferAndFailsAtTheFirstAccessPastTheEnd) {
  const ProgramRun run = RunProgram("ub_overflow", {});
  const json warning = ExpectReported(
      run, "ub_overflow", {"warning", "ub-overflow", "ub-overflow", 0, "InitBuffer", "an access past the end will fault"});
  EXPECT_EQ(warning["notes"].size(), 6u) << warning.dump(2);
  const json error = ExpectError(run, "ub_overflow",
                                 {"error", "ub-overflow", "ub-overflow access", 0, "Add",
                                  "accesses UB bytes [163840, 204800), past the end of the 196608-byte UB"});
  ASSERT_EQ(error["notes"].size(), 1u) << error.dump(2);
  EXPECT_EQ(error["notes"][0], "InitBuffer at " + SourcePath("ub_overflow") + ":" +
                                   std::to_string(MarkerLine("ub_overflow", "ub-overflow")) +
                                   " placed this VECOUT buffer at [163840, 204800)");
}

TEST(DiagnosticsTest, UbOverflowOfABufferNeverTouchedOnlyWarns) {
  const ProgramRun run = RunProgram("ub_overflow", {"untouched"});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  EXPECT_EQ(run.CountStderr(": warning: [ub-overflow]"), 1) << run.err;
  EXPECT_EQ(run.CountStderr(": error: ["), 0) << run.err;
}

// The write through a 0-byte buffer lands in the buffer placed next, as on the NPU: one warning
// for the line however many blocks run it, naming the buffer it reached; y holds exp(x).
TEST(DiagnosticsTest, UbOutOfBoundsWarnsAndTheBytesLandInTheNextBuffer) {
  const ProgramRun run = RunProgram("ub_out_of_bounds", {});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  EXPECT_EQ(run.CountStderr(": warning: ["), 1) << run.err;
  const json warning = ExpectReported(run, "ub_out_of_bounds",
                                      {"warning", "ub-out-of-bounds", "ub-out-of-bounds", 0, "Exp",
                                       "accesses bytes [0, 40) of a 0-byte VECCALC buffer"});
  EXPECT_NE(warning.value("message", "").find("reaches UB bytes [64, 104) past the buffer's end"), std::string::npos)
      << warning.dump(2);
  ASSERT_EQ(warning["notes"].size(), 1u) << warning.dump(2);
  EXPECT_EQ(warning["notes"][0], "UB bytes [64, 104) belong to the buffer InitBuffer at " +
                                     SourcePath("ub_out_of_bounds") + ":" +
                                     std::to_string(MarkerLine("ub_out_of_bounds", "next buffer")) +
                                     " placed at [64, 128), which is a TBuf");
  const std::vector<std::string> values = Lines(run.out);
  ASSERT_EQ(values.size(), 20u) << run.out;
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_NEAR(std::stod(values[i]), std::exp(0.1 * double(i % 10)), 1e-5) << "y[" << i << "]";
  }
}

TEST(DiagnosticsTest, UbOutOfBoundsIsAnErrorWhenStrict) {
  const ProgramRun run = RunProgram("ub_out_of_bounds", {}, {"AKGEN_SIM_STRICT=1"});
  ExpectError(run, "ub_out_of_bounds",
              {"error", "ub-out-of-bounds", "ub-out-of-bounds", 0, "Exp", "(an error under AKGEN_SIM_STRICT=1)"});
  EXPECT_EQ(run.out, "");
}

// Past the end of the UB itself the NPU faults, whatever buffer the bytes would have been in.
TEST(DiagnosticsTest, UbOutOfBoundsPastTheEndOfTheUbIsAnOverflowError) {
  const ProgramRun run = RunProgram("ub_out_of_bounds", {"past-ub"});
  ExpectError(run, "ub_out_of_bounds",
              {"error", "ub-overflow", "ub-out-of-bounds", 0, "Exp",
               "accesses UB bytes [196608, 196648), past the end of the 196608-byte UB"});
  EXPECT_EQ(run.out, "");
}

TEST(DiagnosticsTest, TooManyQueueBuffersOnVecin) {
  const ProgramRun run = RunProgram("too_many_buffers", {"vecin"});
  ExpectError(run, "too_many_buffers", {"error", "too-many-buffers", "too-many-buffers vecin", 0, "InitBuffer", "VECIN"});
}

TEST(DiagnosticsTest, TooManyBuffersInOnePipe) {
  const ProgramRun run = RunProgram("too_many_buffers", {"pipe"});
  ExpectError(run, "too_many_buffers", {"error", "too-many-buffers", "too-many-buffers pipe", 0, "InitBuffer", "65 buffers"});
}

TEST(DiagnosticsTest, MisalignedOffsetPassedToDataCopy) {
  const ProgramRun run = RunProgram("misaligned_address", {"datacopy"});
  ExpectError(run, "misaligned_address",
              {"error", "misaligned-address", "misaligned-address datacopy", 0, "DataCopy", "not 32-byte aligned"});
}

TEST(DiagnosticsTest, MisalignedOffsetPassedToAdd) {
  const ProgramRun run = RunProgram("misaligned_address", {"add"});
  ExpectError(run, "misaligned_address",
              {"error", "misaligned-address", "misaligned-address add", 0, "Add", "not 32-byte aligned"});
}

TEST(DiagnosticsTest, UnalignedCopyWarnsOncePerSiteAndDropsTheTail) {
  const ProgramRun run = RunProgram("unaligned_copy", {});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  // Two blocks run each copy: one warning per call site, none per block.
  EXPECT_EQ(run.CountStderr(": warning: [unaligned-copy]"), 2) << run.err;
  EXPECT_EQ(run.records.size(), 2u);
  ExpectReported(run, "unaligned_copy", {"warning", "unaligned-copy", "unaligned-copy in", 0, "DataCopy", "first 32 bytes"});
  ExpectReported(run, "unaligned_copy", {"warning", "unaligned-copy", "unaligned-copy out", 0, "DataCopy", "DataCopyPad"});
  // Each block copies 12 floats; only the first 8 (32 bytes) reach y, the rest keep their -1.
  const std::vector<std::string> values = Lines(run.out);
  ASSERT_EQ(values.size(), 24u) << run.out;
  for (size_t i = 0; i < values.size(); ++i) {
    const bool copied = i % 12 < 8;
    EXPECT_EQ(std::stod(values[i]), copied ? double(i + 1) : -1.0) << "y[" << i << "]";
  }
}

TEST(DiagnosticsTest, UnalignedCopyIsAnErrorWhenStrict) {
  const ProgramRun run = RunProgram("unaligned_copy", {}, {"AKGEN_SIM_STRICT=1"});
  ExpectError(run, "unaligned_copy", {"error", "unaligned-copy", "unaligned-copy in", 0, "DataCopy", "AKGEN_SIM_STRICT=1"});
  EXPECT_EQ(run.out, "");
}

TEST(DiagnosticsTest, DequeOnAnEmptyQueue) {
  const ProgramRun run = RunProgram("queue_misuse", {"deque-empty"});
  ExpectError(run, "queue_misuse",
              {"error", "queue-misuse", "queue-misuse deque-empty", 0, "DeQue", "would hang on hardware"});
}

TEST(DiagnosticsTest, AllocTensorOnAFullQueue) {
  const ProgramRun run = RunProgram("queue_misuse", {"alloc-full"});
  ExpectError(run, "queue_misuse",
              {"error", "queue-misuse", "queue-misuse alloc-full", 0, "AllocTensor", "AllocTensor on a full queue"});
}

TEST(DiagnosticsTest, EnqueTwice) {
  const ProgramRun run = RunProgram("queue_misuse", {"double-enque"});
  ExpectError(run, "queue_misuse", {"error", "queue-misuse", "queue-misuse double-enque", 0, "EnQue", "a tensor that is enqueued"});
}

// The hardware frees the tensor's own buffer whichever queue FreeTensor names: a warning, an error
// under AKGEN_SIM_STRICT=1.
TEST(DiagnosticsTest, FreeTensorToAQueueThatDoesNotOwnIt) {
  const ProgramRun run = RunProgram("queue_misuse", {"free-foreign"});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  ExpectReported(run, "queue_misuse",
                 {"warning", "queue-misuse", "queue-misuse free-foreign", 0, "FreeTensor", "another queue owns"});
  const ProgramRun strict = RunProgram("queue_misuse", {"free-foreign"}, {"AKGEN_SIM_STRICT=1"});
  ExpectError(strict, "queue_misuse",
              {"error", "queue-misuse", "queue-misuse free-foreign", 0, "FreeTensor", "another queue owns"});
}

// The NPU keeps a freed buffer's bytes until the queue allocates it again: a read in between is a
// warning (an error under AKGEN_SIM_STRICT=1), a read after the reallocation an error.
TEST(DiagnosticsTest, UseAfterFreeTensor) {
  const ProgramRun run = RunProgram("queue_misuse", {"use-after-free"});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  ExpectReported(run, "queue_misuse",
                 {"warning", "queue-misuse", "queue-misuse use-after-free", 0, "Add", "next AllocTensor reuses"});
  const ProgramRun strict = RunProgram("queue_misuse", {"use-after-free"}, {"AKGEN_SIM_STRICT=1"});
  ExpectError(strict, "queue_misuse", {"error", "queue-misuse", "queue-misuse use-after-free", 0, "Add", "use after free"});
}

TEST(DiagnosticsTest, UseAfterTheBufferIsAllocatedAgain) {
  const ProgramRun run = RunProgram("queue_misuse", {"use-after-realloc"});
  ExpectError(run, "queue_misuse",
              {"error", "queue-misuse", "queue-misuse use-after-realloc", 0, "Add", "allocated again"});
}

TEST(DiagnosticsTest, QueueUsedAfterPipeReset) {
  const ProgramRun run = RunProgram("queue_misuse", {"after-reset"});
  ExpectError(run, "queue_misuse",
              {"error", "queue-misuse", "queue-misuse after-reset", 0, "AllocTensor", "call InitBuffer again"});
}

TEST(DiagnosticsTest, LastBlockReadsPastItsGlobalBuffer) {
  const ProgramRun run = RunProgram("gm_out_of_bounds", {});
  ExpectError(run, "gm_out_of_bounds",
              {"error", "gm-out-of-bounds", "gm-out-of-bounds", 7, "DataCopy", "of a 16384-byte global buffer"});
}

TEST(DiagnosticsTest, RepeatOver255InLevel0Add) {
  const ProgramRun run = RunProgram("bad_parameter", {"repeat"});
  ExpectError(run, "bad_parameter", {"error", "bad-parameter", "bad-parameter repeat", 0, "Add", "624"});
}

TEST(DiagnosticsTest, BlockCountOver4095InDataCopyParams) {
  const ProgramRun run = RunProgram("bad_parameter", {"block-count"});
  ExpectError(run, "bad_parameter", {"error", "bad-parameter", "bad-parameter block-count", 0, "DataCopy", "4095"});
}

TEST(DiagnosticsTest, UninitializedReadWarnsOnceAndRunsOn) {
  const ProgramRun run = RunProgram("uninitialized_read", {});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  EXPECT_EQ(run.CountStderr(": warning: ["), 1) << run.err;
  EXPECT_EQ(run.records.size(), 1u);
  ExpectReported(run, "uninitialized_read",
                 {"warning", "uninitialized-read", "uninitialized-read", 0, "DataCopy", "nothing wrote"});
}

TEST(DiagnosticsTest, SyncAllReachedByOnlySomeBlocks) {
  const ProgramRun run = RunProgram("deadlock", {});
  const json record =
      ExpectError(run, "deadlock", {"error", "deadlock", "deadlock", 1, "SyncAll", "3 of 4 blocks wait in SyncAll"});
  ASSERT_FALSE(record["notes"].empty());
  EXPECT_EQ(record["notes"][0], "blocks that ended without reaching SyncAll: 0");
}

TEST(DiagnosticsTest, AssertFalse) {
  const ProgramRun run = RunProgram("assert", {});
  ExpectError(run, "assert", {"error", "assert", "assert", 1, "ASSERT", "assertion failed: false"});
}

TEST(DiagnosticsTest, VectorReadOfUnsyncedCopyPassesUnderAutoSync) {
  const ProgramRun run = RunProgram("sync_hazard", {"no-sync"});  // AKGEN_SIM_SYNC defaults to auto
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, "mismatches: 0\n");
}

TEST(DiagnosticsTest, VectorReadOfUnsyncedCopyIsASyncHazardWhenStrict) {
  const ProgramRun run = RunProgram("sync_hazard", {"no-sync"}, {"AKGEN_SIM_SYNC=strict"});
  const json record = ExpectError(run, "sync_hazard",
                                  {"error", "sync-hazard", "no-sync add", 0, "Add",
                                   "read-after-write on UB bytes [0, 1024): Add (pipe V) reads what DataCopy (pipe MTE2)"});
  ASSERT_EQ(record["notes"].size(), 2u) << record.dump(2);
  EXPECT_NE(record["notes"][0].get<std::string>().find("DataCopy at " + SourcePath("sync_hazard") + ":"), std::string::npos);
  EXPECT_NE(record["notes"][1].get<std::string>().find("SetFlag/WaitFlag<HardEvent::MTE2_V>"), std::string::npos);
  EXPECT_EQ(run.out, "");
}

TEST(DiagnosticsTest, FlagsBetweenThePipesAreCleanWhenStrict) {
  const ProgramRun run = RunProgram("sync_hazard", {"flags"}, {"AKGEN_SIM_SYNC=strict"});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, "mismatches: 0\n");
}

TEST(DiagnosticsTest, WaitFlagThatNoSetFlagMatches) {
  const ProgramRun run = RunProgram("sync_hazard", {"wait-unset"});
  ExpectError(run, "sync_hazard",
              {"error", "unpaired-flag", "wait-unset", 0, "WaitFlag", "WaitFlag<HardEvent::MTE2_V>(1) is never matched"});
}

TEST(DiagnosticsTest, SetFlagNeverWaitedOnWarnsUnderAutoSyncAndFailsWhenStrict) {
  const ProgramRun automatic = RunProgram("sync_hazard", {"set-unwaited"});
  EXPECT_EQ(automatic.exitStatus, 0) << automatic.Describe();
  EXPECT_EQ(automatic.out, "mismatches: 0\n");
  ExpectReported(automatic, "sync_hazard",
                 {"warning", "unpaired-flag", "set-unwaited", 0, "SetFlag", "SetFlag<HardEvent::MTE3_MTE2>(2) is never waited on"});
  const ProgramRun strict = RunProgram("sync_hazard", {"set-unwaited"}, {"AKGEN_SIM_SYNC=strict"});
  ExpectError(strict, "sync_hazard",
              {"error", "unpaired-flag", "set-unwaited", 0, "SetFlag", "SetFlag<HardEvent::MTE3_MTE2>(2) is never waited on"});
}

TEST(DiagnosticsTest, ProfileSummaryAndJsonPerLaunch) {
  const std::string jsonPath = testing::TempDir() + "profile.jsonl";
  std::remove(jsonPath.c_str());
  const ProgramRun run = RunProgram("clean_add", {}, {"AKGEN_SIM_PROFILE=1", "AKGEN_SIM_PROFILE_JSON=" + jsonPath});
  EXPECT_EQ(run.exitStatus, 0) << run.Describe();
  EXPECT_EQ(run.CountStderr("akgen-sim profile: add_custom on Ascend910B2, 8 blocks on 48 cores (1 wave)"), 1) << run.err;
  EXPECT_EQ(run.CountStderr("  bound: "), 1) << run.err;
  const std::vector<std::string> lines = Lines(ReadFile(jsonPath));
  ASSERT_EQ(lines.size(), 1u);  // one object per launch
  const json profile = json::parse(lines[0]);
  EXPECT_EQ(profile["kernel"], "add_custom");
  EXPECT_EQ(profile["block_dim"], 8);
  EXPECT_GT(profile["cycles"].get<uint64_t>(), 0u);
  EXPECT_NEAR(profile["microseconds"].get<double>(),
              profile["cycles"].get<double>() / profile["clock_mhz"].get<double>() +
                  profile["launch_overhead_microseconds"].get<double>(),
              1e-6);
  EXPECT_FALSE(profile["bound"].get<std::string>().empty());
  EXPECT_GT(profile["busy_cycles"]["MTE2"].get<uint64_t>(), 0u);
  EXPECT_GT(profile["busy_cycles"]["V"].get<uint64_t>(), 0u);
}

}  // namespace
