// The text of the AscendC calls the compute lowerings write.
#pragma once
#include <string>
#include <vector>

namespace akgen::craft::lower {

// `Function(a, b, ...);`
std::string Call(const std::string& function, const std::vector<std::string>& args);
// The tensor viewed as elements of another type (a dependent name in the kernel's class template).
std::string Reinterpreted(const std::string& tensor, const std::string& type);
// A float constant in the buffer's type: a cast unless that type is float.
std::string Constant(const std::string& type, const std::string& literal);
std::string U32(const std::string& value);
// `LocalTensor<D> name = scratchBuf.GetWithOffset<D>(elements, byteOffset);`
std::string ScratchRegion(const std::string& type, const std::string& name, const std::string& elements,
                          const std::string& byteOffset);

}  // namespace akgen::craft::lower
