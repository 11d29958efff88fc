// Faults of the machine the harness runs on: a full disk, a read-only or failing filesystem, no file
// descriptors or memory left. They stop the command with a message naming the fix; they are never a
// candidate's verdict, because verdicts become benchmark scores and training labels.
#pragma once
#include <exception>
#include <filesystem>
#include <string>
#include <system_error>

namespace akgen::bench {

class EnvironmentFault : public std::exception {
 public:
  explicit EnvironmentFault(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

// Whether an error code is the machine's fault (ENOSPC, EDQUOT, EROFS, EIO, EMFILE, ENFILE, ENOMEM)
// rather than something a sandboxed program's files can cause (a missing or unreadable file in its
// run folder stays the candidate's doing).
bool IsMachineFault(const std::error_code& code);

// Throws EnvironmentFault, naming `what` was being done, when `error` is a system error whose code
// is a machine fault; returns otherwise so the caller handles the error as before.
void ThrowIfMachineFault(const std::exception& error, const std::string& what);

// Writes `bytes` to `path`; a failed write (a full disk truncates files silently otherwise) throws
// EnvironmentFault for a machine fault and std::runtime_error for any other error.
void WriteFileBytes(const std::filesystem::path& path, const void* bytes, size_t size);

}  // namespace akgen::bench
