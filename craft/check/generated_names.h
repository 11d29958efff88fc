// Names a program cannot give its tensors, attributes, scalars and buffers because the AscendC it
// is lowered to uses them: C++'s keywords and the identifiers the generated code declares itself.
#pragma once
#include <string>

namespace akgen::craft {

bool IsGeneratedCodeName(const std::string& name);

}  // namespace akgen::craft
