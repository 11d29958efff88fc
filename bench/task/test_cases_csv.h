// `validation/test_cases.csv`: NPUKernelBench's case table. It is ';'-separated, its header starts
// with `case_id`, and every value stays the raw string the task's `prepare_inputs.py` will `eval`
// or look up (`[48, 128, 512]`, `[[1, 2], [3]]`, `float16`, `1e-5`).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace akgen::bench {

// Where an extra case (`akgen eval --extra-cases`, bench/task/extra_cases.h) comes from: the
// listed case it was drawn from and the seed of its inputs.
struct ExtraCaseOrigin {
  int listedCaseId = 0;
  uint64_t seed = 0;
};

struct TestCase {
  int id = 0;                                 // the `case_id` column; ids need not be contiguous
  int line = 0;                               // where the row starts in the file, for messages; 0 for extra cases
  std::map<std::string, std::string> values;  // every column (case_id included) by name
  std::optional<ExtraCaseOrigin> extra;       // set only for a case the file does not list
};

struct TestCaseTable {
  std::vector<std::string> columns;  // header order
  std::vector<TestCase> cases;       // file order
  std::vector<std::string> errors;   // `path:line: message; fix` — the table is unusable if any
};

// Reads the table as pandas' `read_csv(sep=';')` would, but stricter and keeping strings: a UTF-8
// byte-order mark, CRLF line ends, blank lines and a trailing ';' on every line are accepted;
// fields may be double-quoted ("a;b", "" for a quote); unquoted fields are trimmed. `displayPath`
// names the file in messages.
TestCaseTable ParseTestCases(std::string_view text, const std::string& displayPath);

}  // namespace akgen::bench
