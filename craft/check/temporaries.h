// The scratch space composites and reductions need (program_model.h TempNeed): one rule, read by
// the UB budget and by the lowering, so the two always agree.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "craft/check/program_model.h"

namespace akgen::craft {

// `operandDtypes` and `resultDtypes` per combination; nullopt for statements that need no
// temporary (a cast needs one only where it goes through intermediates, cast_path.h).
std::optional<TempNeed> TempNeedOf(Primitive primitive, const std::string& operand,
                                   const std::vector<Dtype>& operandDtypes, const std::vector<Dtype>& resultDtypes);

// The bytes of `need` in combination k (program_model.h gives the rule), for an operand of
// `operandBytes` per element, `capacity` elements and rows `rowStride` elements apart.
int64_t TempBytes(const TempNeed& need, size_t combination, int64_t operandBytes, int64_t capacity, int64_t rowStride);

}  // namespace akgen::craft
