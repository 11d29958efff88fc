// CANN kernels pass API templates as template arguments of exact function types, e.g. Foreach
// kernels' `Op<half, Adds<half>>` with `void(const LocalTensor<T>&, const LocalTensor<T>&, const T&,
// const int32_t&)`. The simulator's call forms have an extra trailing std::source_location
// parameter, so each such API also gets an "address form" with CANN's exact parameter list, whose
// last operand is a separate template parameter constrained to the operand's type. In a call both
// forms are viable with identical conversions, and the call form wins because it is more
// specialized; converting the name to a function type selects the address form, the only one
// with that parameter count. The address form forwards to the call form, so diagnostics raised
// through a function pointer name this header's line instead of the kernel's.
#pragma once
#include <type_traits>

namespace ascendc_sim {

template <class Operand, class Expected>
using IfAddressForm = std::enable_if_t<std::is_same_v<Operand, Expected>, bool>;

}  // namespace ascendc_sim
