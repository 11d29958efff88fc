// Host-side helpers shared by the examples, in the shape of CANN samples' data_utils.h: binary files
// in and out of (GM) buffers, and log macros. Includes acl/acl.h as the samples do; on the simulator
// that is a small stub (sim/include/acl/acl.h).
#pragma once
#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include "acl/acl.h"

#define INFO_LOG(fmt, ...) std::fprintf(stdout, "[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) std::fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)

// Reads the whole file into `buffer`. A file of another size than the buffer is an error: a short
// read would leave part of the kernel input uninitialised.
inline bool ReadFile(const std::string& filePath, size_t& fileSize, void* buffer, size_t bufferSize) {
  struct stat status;
  if (stat(filePath.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) {
    ERROR_LOG("%s is not a readable file; run gen_data.py first", filePath.c_str());
    return false;
  }
  fileSize = size_t(status.st_size);
  if (fileSize != bufferSize) {
    ERROR_LOG("%s holds %zu bytes but the buffer expects %zu", filePath.c_str(), fileSize, bufferSize);
    return false;
  }
  std::ifstream file(filePath, std::ios::binary);
  file.read(static_cast<char*>(buffer), std::streamsize(bufferSize));
  if (!file) {
    ERROR_LOG("reading %s failed", filePath.c_str());
    return false;
  }
  return true;
}

inline bool WriteFile(const std::string& filePath, const void* buffer, size_t size) {
  std::ofstream file(filePath, std::ios::binary | std::ios::trunc);
  file.write(static_cast<const char*>(buffer), std::streamsize(size));
  if (!file) {
    ERROR_LOG("writing %s failed (does the output/ directory exist?)", filePath.c_str());
    return false;
  }
  return true;
}
