// CANN links an op's tiling, shape inference and op definition as separate shared libraries, each
// compiled with -fvisibility=hidden, so a function a header defines non-inline (GeluQuant's
// optiling::GetMod in gelu_quant_tiling_base.h) is a private copy in each library that includes it.
// The describe and runner programs link every library into one executable, where those copies
// would collide: the builder makes exactly the symbols several libraries define local to each.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace akgen::bench {

// The global symbols an object defines strongly (not weak, not common), read from the output of
// `nm --defined-only --extern-only --format=posix`.
std::vector<std::string> StrongDefinitions(std::string_view nmListing);

// The symbols more than one library defines strongly, sorted; `definitions` holds each library's.
std::vector<std::string> DefinedInSeveral(const std::vector<std::vector<std::string>>& definitions);

}  // namespace akgen::bench
