#include "bench/lint/duplicate_cases.h"

#include <cctype>
#include <map>
#include <string>

namespace akgen::bench {
namespace {

std::string WithoutSpaces(std::string text) {
  std::erase_if(text, [](unsigned char c) { return std::isspace(c) != 0; });
  return text;
}

std::map<std::string, std::string> ComparedValues(const TestCase& testCase) {
  std::map<std::string, std::string> values;
  for (const auto& [column, value] : testCase.values)
    if (column != "case_id") values[column] = WithoutSpaces(value);
  return values;
}

}  // namespace

std::vector<LintFinding> FindDuplicateCases(const Task& task) {
  std::vector<LintFinding> findings;
  std::map<std::map<std::string, std::string>, const TestCase*> firstWithValues;
  for (const TestCase& testCase : task.cases) {
    const auto [first, isNew] = firstWithValues.emplace(ComparedValues(testCase), &testCase);
    if (isNew) continue;
    const TestCase& original = *first->second;
    findings.push_back({task.Key(), "duplicate-case", task.files.testCases, testCase.line,
                        std::to_string(testCase.id), "",
                        "case " + std::to_string(testCase.id) + " repeats case " + std::to_string(original.id) +
                            " (line " + std::to_string(original.line) + ") in every column but case_id",
                        "remove it, or change a value so it tests something case " + std::to_string(original.id) +
                            " does not"});
  }
  return findings;
}

}  // namespace akgen::bench
