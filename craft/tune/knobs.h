// The knobs of a craft program that `akgen craft tune` varies: values that change how fast the
// generated kernel runs but not what it computes (docs/dsl.md "Tuning").
//
// - A tile length: a host binding to an integer literal (`tile = 4096`, `tile_rows = 4`) that sizes
//   buffers as their LEN or ROWS, and never reaches a COLS extent (through any host binding), since
//   a row's length is fixed by the data.
// - The core count: the expression of `launch(...)`, capped as `min(K, EXPR)`.
// - A buffer depth: `buffers=N` of a queue buffer (copy-in to compute, compute to copy-out) that
//   is streamed in a loop, where a second buffer lets the next tile's copy overlap this one's work.
//   An absent `buffers=` is depth 1 and is added when another depth is chosen.
//
// Each knob remembers where its value is written, so a candidate program is the original text with
// those spans replaced (rewrite.h): comments and layout survive.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "craft/craft.h"
#include "craft/syntax/ast.h"

namespace akgen::craft {

enum class KnobKind { TileLength, CoreCap, BufferDepth };

// Bytes [offset, offset + length) of the source; a length of 0 is an insertion point.
struct SourceSpan {
  size_t offset = 0;
  size_t length = 0;
};

struct Knob {
  KnobKind kind = KnobKind::TileLength;
  std::string label;    // `tile`, `launch`, `xin buffers`
  SourcePosition at;    // where the value is written, or would be inserted
  SourceSpan span;      // the text a value replaces
  std::string written;  // that text today: `4096`, `cores`, or "" for an absent `buffers=`
  // The candidate values in increasing order of size: tile lengths, buffer depths, and for
  // CoreCap the caps K with kUncapped (the program's own expression) last.
  std::vector<int64_t> values;
  size_t programIndex = 0;  // the program's own value in `values`
};

inline constexpr int64_t kUncapped = 0;

// The text that stands at the knob's span for `value`: `8192`, `min(16, cores)`, `, buffers=2`.
std::string KnobText(const Knob& knob, int64_t value);

// `8192`, `min(16, cores)`, `2`: the value as the table shows it.
std::string KnobValueText(const Knob& knob, int64_t value);

struct KnobDiscovery {
  std::vector<Knob> knobs;              // host bindings, then the launch, then buffers, in source order
  std::vector<Diagnostic> diagnostics;  // the program's own check diagnostics (errors stop discovery)
  std::string opName;                   // `Sqrt`, when the program parses
  SourcePosition opAt;                  // the `op` line
  SourcePosition hostAt;                // the `host:` line
  bool HasErrors() const { return CheckResult{diagnostics}.HasErrors(); }
};

// Parses and checks `source` (`fileName` labels diagnostics) and finds its knobs.
KnobDiscovery FindKnobs(const std::string& source, const std::string& fileName);

}  // namespace akgen::craft
