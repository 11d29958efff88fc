// "Did you mean ...?" for unknown names: the candidate at the smallest edit distance.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace akgen::craft {

// The closest candidate, if any is close enough to be a plausible typo (two edits, or a third of
// the name's letters for longer names).
std::optional<std::string> ClosestName(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace akgen::craft
