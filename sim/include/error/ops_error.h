// The check-and-report macros of CANN's operator sources (error/ops_error.h), for op_host code.
// Errors go to stderr, where the harness shows them with a failed tiling; debug logs are off, as
// in CANN's default log level.
#pragma once
#include <cstdarg>
#include <cstdio>

namespace ops::error {

inline void __attribute__((format(printf, 2, 3))) Report(const char* opName, const char* format, ...) {
  std::fprintf(stderr, "[ERROR] %s: ", opName != nullptr ? opName : "?");
  va_list arguments;
  va_start(arguments, format);
  std::vfprintf(stderr, format, arguments);
  va_end(arguments);
  std::fputc('\n', stderr);
}

}  // namespace ops::error

#define OPS_REPORT_VECTOR_INNER_ERR(opName, ...) ::ops::error::Report(opName, __VA_ARGS__)
#define OPS_LOG_E(opName, ...) ::ops::error::Report(opName, __VA_ARGS__)
#define OPS_LOG_D(opName, ...) static_cast<void>(opName)
#define OPS_CHECK(condition, logCall, onFailure) \
  do {                                           \
    if (condition) {                             \
      logCall;                                   \
      onFailure;                                 \
    }                                            \
  } while (0)
#define OPS_LOG_E_IF_NULL(context, pointer, onFailure)                                       \
  do {                                                                                       \
    if ((pointer) == nullptr) {                                                              \
      ::ops::error::Report((context)->GetNodeName(), "%s is nullptr", #pointer);             \
      onFailure;                                                                             \
    }                                                                                        \
  } while (0)
