// Near-duplicate detection by MinHash over token shingles (code_tokens.h), with locality-sensitive
// banding so a new text is compared only with texts that share a band: two texts whose shingle
// sets have a Jaccard similarity of s share a band with probability 1 - (1 - s^4)^32.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace akgen::data {

inline constexpr size_t kMinHashes = 128;
inline constexpr size_t kShingleTokens = 5;

using MinHashSignature = std::vector<uint64_t>;

// The signature of `text`'s 5-token shingles (a shorter text is one shingle).
MinHashSignature MinHash(std::string_view text);

// The share of equal positions: an estimate of the shingle sets' Jaccard similarity.
double EstimatedJaccard(const MinHashSignature& a, const MinHashSignature& b);

class NearDuplicateIndex {
 public:
  explicit NearDuplicateIndex(double threshold) : threshold_(threshold) {}

  // The number of an earlier text at least `threshold` similar; otherwise adds this one (numbered
  // in order of addition) and returns nullopt.
  std::optional<size_t> FindOrAdd(const MinHashSignature& signature);

 private:
  double threshold_;
  std::vector<MinHashSignature> signatures_;
  std::map<std::pair<size_t, uint64_t>, std::vector<size_t>> bands_;  // (band, its hash) → texts
};

}  // namespace akgen::data
