// The NPU compiler builds kernels as C++17, where a class whose constructors are all defaulted on
// their first declaration (`AicWaitFunc() = default;`) is still an aggregate, so kernels assign it
// from a braced list (`funcs[i] = {this, stageId};`). The harness compiles kernels as C++20, where
// any user-declared constructor ends aggregate status. The rewrite blanks such constructors, with
// their specifiers, in classes that declare no other constructor: the implicit ones do the same,
// and the class is an aggregate again.
#pragma once
#include <string>

namespace akgen::bench {

// Rewrites `code` in place, keeping every line where it was; false when nothing changed.
bool RewriteDefaultedConstructors(std::string& code);

}  // namespace akgen::bench
