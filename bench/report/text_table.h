// A console table in the `grid` style of Python's tabulate, which NPUKernelBench prints:
//
//   +-----------------+------------+
//   | op_definition   |   op_level |
//   +=================+============+
//   | Math/Sqrt       |          1 |
//   +-----------------+------------+
#pragma once
#include <string>
#include <vector>

namespace akgen::bench {

struct TextTable {
  std::vector<std::string> headers;
  std::vector<std::vector<std::string>> rows;  // each as wide as headers
};

// Columns whose cells are all numbers are right-aligned, as tabulate does; the rest left-aligned.
// An empty cell is a missing value, which (as in tabulate) does not decide the alignment.
std::string RenderGrid(const TextTable& table);

}  // namespace akgen::bench
