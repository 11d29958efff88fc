// A compile error reduced to what makes it the same mistake in another kernel (the paper clusters
// API-level failures by such a signature): the first error's message with file, line and column
// gone, every quoted name replaced by `ID` and every number by `N`, so "'DataCopy' was not declared
// in this scope" in any kernel reads "'ID' was not declared in this scope". The names are kept
// apart, to look the API up in the documentation.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace akgen::data {

struct ErrorSignature {
  std::string signature;           // empty when the log reports no error
  std::vector<std::string> names;  // the quoted names, in order, without namespaces and arguments
};

ErrorSignature CompileErrorSignature(std::string_view compilerLog);

}  // namespace akgen::data
