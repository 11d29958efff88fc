// CANN kernels pass API templates as template arguments of exact function types, e.g. Foreach
// kernels' `Op<half, Adds<half>>` with `void(const LocalTensor<T>&, const LocalTensor<T>&, const T&,
// const int32_t&)`. The simulator's call forms have an extra trailing std::source_location
// parameter, so each such API also gets an "address form" with CANN's exact parameter list, whose
// last operand is a separate template parameter constrained to the operand's type. In a call both
// forms are viable with identical conversions, and the call form wins because it is more
// specialized; converting the name to a function type selects the address form, the only one
// with that parameter count. The address form forwards to the call form, so diagnostics raised
// through a function pointer name this header's line instead of the kernel's.
//
// Level-0 forms work the same way, except that the call form takes the mask and the repeat count
// as deduced operands (any integer, or a mask array) and checks them itself, while the address
// form takes CANN's `uint64_t mask` or `const uint64_t mask[]` and `uint8_t repeatTime` exactly.
// A call whose operands have exactly those types binds both with identity conversions, and the
// call form wins through its concrete repeat-parameters type.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/vec_params.h"

namespace ascendc_sim {

template <class Operand, class Expected>
using IfAddressForm = std::enable_if_t<std::is_same_v<Operand, Expected>, bool>;

template <class Mask, class Repeat>
using IfLevel0Operands = std::enable_if_t<
    std::is_constructible_v<MaskArg, const Mask&> && std::is_constructible_v<RepeatTimes, const Repeat&>, bool>;

template <class Mask, class Repeat, class Params, class ExpectedParams>
using IfLevel0AddressForm =
    std::enable_if_t<(std::is_same_v<Mask, uint64_t> || std::is_same_v<Mask, const uint64_t*>) &&
                         std::is_same_v<Repeat, uint8_t> && std::is_same_v<Params, ExpectedParams>,
                     bool>;

}  // namespace ascendc_sim
