#include "data/hygiene/minhash.h"

#include <limits>
#include <set>
#include <string>

#include "bench/common/content_hash.h"
#include "data/hygiene/code_tokens.h"

namespace akgen::data {
namespace {

constexpr size_t kBands = 32;
constexpr size_t kRowsPerBand = kMinHashes / kBands;

uint64_t Mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

MinHashSignature MinHash(std::string_view text) {
  const std::vector<std::string> tokens = CodeTokens(text);
  std::set<uint64_t> shingles;
  const size_t count = tokens.size() >= kShingleTokens ? tokens.size() - kShingleTokens + 1 : 1;
  for (size_t i = 0; i < count; ++i) {
    bench::ContentHash shingle;
    for (size_t j = i; j < std::min(tokens.size(), i + kShingleTokens); ++j) shingle.Add(tokens[j]);
    shingles.insert(shingle.Value());
  }
  MinHashSignature signature(kMinHashes, std::numeric_limits<uint64_t>::max());
  for (const uint64_t shingle : shingles)
    for (size_t k = 0; k < kMinHashes; ++k) signature[k] = std::min(signature[k], Mix(shingle ^ Mix(k)));
  return signature;
}

double EstimatedJaccard(const MinHashSignature& a, const MinHashSignature& b) {
  size_t equal = 0;
  for (size_t k = 0; k < kMinHashes; ++k) equal += a[k] == b[k];
  return static_cast<double>(equal) / kMinHashes;
}

std::optional<size_t> NearDuplicateIndex::FindOrAdd(const MinHashSignature& signature) {
  std::vector<uint64_t> bandHashes(kBands);
  std::set<size_t> candidates;
  for (size_t band = 0; band < kBands; ++band) {
    uint64_t hash = 0;
    for (size_t row = 0; row < kRowsPerBand; ++row) hash = Mix(hash ^ signature[band * kRowsPerBand + row]);
    bandHashes[band] = hash;
    const auto found = bands_.find({band, hash});
    if (found != bands_.end()) candidates.insert(found->second.begin(), found->second.end());
  }
  for (const size_t candidate : candidates)
    if (EstimatedJaccard(signature, signatures_[candidate]) >= threshold_) return candidate;
  const size_t number = signatures_.size();
  signatures_.push_back(signature);
  for (size_t band = 0; band < kBands; ++band) bands_[{band, bandHashes[band]}].push_back(number);
  return std::nullopt;
}

}  // namespace akgen::data
