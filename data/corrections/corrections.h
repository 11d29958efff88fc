// Error-derived corrections (the AscendKernelGen paper, §4.2.1), mined from judged runs:
//  - api: a candidate that does not compile, with its compiler diagnostic, the error's signature
//    (error_signature.h), the documentation section of the API the error names (a CamelCase name of
//    three or more characters; when a doc index is given) and, when the repair loop later made the same sample pass, that passing code;
//  - kernel: a candidate that builds but fails (wrong values, a simulator diagnostic, a crash, a
//    timeout), paired with a passing candidate of the same problem and answer format — the sample's
//    own repair when it has one — with the diff and the failing case.
// Every `fixed` is a candidate the simulator passed on every case of its unit.
#pragma once
#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "data/docs/doc_index.h"
#include "data/runs/judged_attempt.h"

namespace akgen::data {

struct CorrectionOptions {
  size_t maxPerSignature = 8;  // api records per error signature, those with a fix first
};

struct CorrectionSet {
  std::vector<nlohmann::ordered_json> records;  // api records, then kernel records, in run order
  size_t api = 0;
  size_t apiWithFix = 0;
  size_t apiWithDoc = 0;
  size_t kernel = 0;
  size_t kernelRepairs = 0;     // kernel records whose fix is the same sample's later round
  size_t kernelWithoutFix = 0;  // failing kernels left out: no passing candidate of the problem
  size_t duplicates = 0;        // failing candidates whose code an earlier one of the problem had
  size_t cappedBySignature = 0;
  std::map<std::string, size_t> signatures;  // api records per signature
};

// `docs` may be null: api records then carry no documentation.
CorrectionSet BuildCorrections(const std::vector<JudgedAttempt>& attempts, const DocIndex* docs,
                               const CorrectionOptions& options);

}  // namespace akgen::data
