// `akgen cache du` and `akgen cache prune`: what the golden and build cache holds, and evicting its
// least recently used entries down to a size now (evaluations also do it as they go).
#pragma once
#include <string>

namespace akgen {

struct CacheCommandOptions {
  std::string cacheDir;   // empty: DefaultCacheDir()
  std::string cacheSize;  // prune: the bound; empty: bench::kDefaultCacheBytes
};

int CacheUsage(const CacheCommandOptions& options);
int CachePrune(const CacheCommandOptions& options);

}  // namespace akgen
