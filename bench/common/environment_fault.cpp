#include "bench/common/environment_fault.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace akgen::bench {

bool IsMachineFault(const std::error_code& code) {
  if (code.category() != std::generic_category() && code.category() != std::system_category()) return false;
  switch (code.value()) {
    case ENOSPC:
    case EDQUOT:
    case EROFS:
    case EIO:
    case EMFILE:
    case ENFILE:
    case ENOMEM:
      return true;
    default:
      return false;
  }
}

void ThrowIfMachineFault(const std::exception& error, const std::string& what) {
  const auto* systemError = dynamic_cast<const std::system_error*>(&error);
  if (systemError == nullptr || !IsMachineFault(systemError->code())) return;
  throw EnvironmentFault(what + ": " + error.what() +
                         "; this is the machine's fault, not the candidate's: free disk space (the golden and "
                         "build cache can be deleted) or point --cache and TMPDIR at a larger filesystem, then "
                         "rerun the same command to resume");
}

void WriteFileBytes(const std::filesystem::path& path, const void* bytes, size_t size) {
  std::ofstream stream(path, std::ios::binary | std::ios::trunc);
  stream.write(static_cast<const char*>(bytes), static_cast<std::streamsize>(size));
  stream.flush();
  if (stream) return;
  const int error = errno;
  ThrowIfMachineFault(std::system_error(error, std::generic_category(), path.string()), "writing " + path.string());
  throw std::runtime_error(path.string() + ": cannot write (" + std::strerror(error) + ")");
}

}  // namespace akgen::bench
