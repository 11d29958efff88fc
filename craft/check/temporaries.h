// The scratch space composites and reductions need (program_model.h TempNeed): one rule, read by
// the UB budget and by the lowering, so the two always agree.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "craft/check/program_model.h"

namespace akgen::craft {

// `operandDtypes` per combination; nullopt for primitives that need no temporary.
std::optional<TempNeed> TempNeedOf(Primitive primitive, const std::string& operand,
                                   const std::vector<Dtype>& operandDtypes);

// The bytes of `need` in combination k, given the operand buffer's rows and columns (a 1-D
// buffer is one row); rounded up to 32 bytes.
int64_t TempBytes(const TempNeed& need, size_t combination, int64_t rows, int64_t columns);

}  // namespace akgen::craft
