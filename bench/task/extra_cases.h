// `akgen eval --extra-cases N`: cases a task's table does not list, drawn from those it does, so a
// candidate that hard-codes the listed cases' outputs (or, in dynamic mode, their shapes) fails,
// and so users can see whether a kernel generalises.
//
// Every extra case gets inputs from its own seed. Static mode keeps the listed row as it is (a
// static candidate is built for that case's shapes). Dynamic mode also draws new dimensions: every
// integer of at least 8 inside a list-valued column (`[48, 128, 512]`, `[[125, 199], [441]]`) is
// mapped to a new value, the same old value to the same new one in every column, so dimensions that
// must agree still agree; an integer column equal to a mapped dimension (Sscal's `n` beside its
// `shape`) follows it. A new dimension keeps the old one's power-of-two factor up to 64 (its
// alignment) and lies between half and twice the old value; a power of two stays a power of two. Smaller integers
// (axes, channel counts, broadcast 1s) and every other column stay. A drawn row holds at most as many elements as the
// task's largest listed row, so extra cases cost no more than the listed ones.
#pragma once
#include <cstdint>
#include <vector>

#include "bench/task/shape_mode.h"
#include "bench/task/task.h"

namespace akgen::bench {

// Appends the extra cases to `task.cases`, numbered after the largest listed id. Static: `count`
// per id in `listedIds`. Dynamic: `count` in all, drawn from `listedIds` in turn. The draw depends
// only on the task's key, its listed rows, `seed` and the case's position, so a resumed evaluation
// draws the same cases.
void AddExtraCases(Task& task, const std::vector<int>& listedIds, int count, ShapeMode mode, uint64_t seed);

}  // namespace akgen::bench
