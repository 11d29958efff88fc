// The change from one candidate to another as a unified diff (`--- a/<path>` / `+++ b/<path>` per
// changed file, hunks with three lines of context), computed with dtl (Debian's libdtl-dev).
#pragma once
#include <map>
#include <string>

namespace akgen::data {

// Files by relative path; a file only on one side is diffed against /dev/null.
std::string UnifiedDiff(const std::map<std::string, std::string>& before,
                        const std::map<std::string, std::string>& after);

}  // namespace akgen::data
