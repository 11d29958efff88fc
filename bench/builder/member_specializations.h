// The NPU compiler is clang-based and accepts an explicit specialisation of a member function
// template inside its class (CWG 727), which kernels use to give each core type its own body:
//
//   template <int32_t CORE_TYPE = g_coreType> void operator()(Params const &params);
//   template <> void operator()<AscendC::AIC>(Params const &params) { ... }
//
// g++ rejects that ("explicit specialization in non-namespace scope"), and C++ allows no other place
// for it in a class template. The rewrite turns each such specialisation into an overload with the
// primary's template head, constrained to the specialised arguments, which overload resolution
// prefers exactly where the specialisation would apply:
//
//   template <int32_t CORE_TYPE = g_coreType> requires ((CORE_TYPE) == (AscendC::AIC))
//   void operator()(Params const &params) { ... }
//
// A member class template specialised in its class (`template <> struct Helper<void> {...}`)
// becomes a partial specialisation, which g++ accepts there, on a defaulted parameter the rewrite
// adds to the primary: `template <class T, class AkgenSpecialization_ = void> struct Helper` and
// `template <class AkgenSpecialization_> struct Helper<void, AkgenSpecialization_>`.
#pragma once
#include <string>

namespace akgen::bench {

// Rewrites `code` in place, keeping every line where it was; false when nothing changed.
bool RewriteMemberSpecializations(std::string& code);

}  // namespace akgen::bench
