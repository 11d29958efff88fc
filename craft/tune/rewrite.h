// A candidate program: the original text with each knob's span replaced by the text of its chosen
// value, so everything else (comments, layout, the other values) is left byte for byte.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "craft/tune/knobs.h"

namespace akgen::craft {

// One index into each knob's `values`, in the order of the knobs.
using KnobSetting = std::vector<size_t>;

// Every knob at the program's own value.
KnobSetting ProgramSetting(const std::vector<Knob>& knobs);

// `tile=8192, launch=min(16, cores), xin buffers=2`: the setting as progress lines show it.
std::string DescribeSetting(const std::vector<Knob>& knobs, const KnobSetting& setting);

// `source` with every knob at its value in `setting`; the program's own setting gives `source` back.
std::string RewriteProgram(const std::string& source, const std::vector<Knob>& knobs, const KnobSetting& setting);

}  // namespace akgen::craft
