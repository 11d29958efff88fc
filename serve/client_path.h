// The path of a file a client sends (a candidate's or an inline task's), which the server writes
// below a folder of its own: it must stay there.
#pragma once
#include <optional>
#include <string>

namespace akgen::serve {

// The path's first folder, when the path is relative, has no `.` or `..` part and no control
// character; nullopt otherwise.
std::optional<std::string> TopFolderOfClientPath(const std::string& path);

}  // namespace akgen::serve
