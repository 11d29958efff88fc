// The values `akgen craft tune` tries for each kind of knob, in increasing order of size. The
// search walks them one step at a time from the program's own value (coordinate_descent.h), so the
// ladders are geometric: a step changes the cost by a similar factor anywhere on the ladder.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

namespace akgen::craft {

// 1, 2, 3, 4, 6, 8, 12, ...: powers of two and three times them, up to what a 192 KiB Unified
// Buffer could hold at one byte per element (the checker prunes most of the top). A tile counted
// in elements keeps to multiples of 32 elements, so every tile's copy starts 32-byte aligned at
// every dtype; one counted in rows (the ROWS of a 2-D buffer) takes any of them. The program's own
// value is always among them.
std::vector<int64_t> TileLengths(int64_t programValue, bool countsRows);

// Caps of the launched core count, then kUncapped (knobs.h) for the program's own expression.
// With `launch(N)` for a literal N, only caps below N change anything.
std::vector<int64_t> CoreCaps(std::optional<int64_t> literalCores);

// Depths 1 to 4, and the program's own when it is deeper.
std::vector<int64_t> BufferDepths(int64_t programValue);

}  // namespace akgen::craft
