#include "bench/task/extra_cases.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <random>
#include <string_view>

namespace akgen::bench {
namespace {

constexpr int64_t kSmallestDrawnDimension = 8;  // below: axes, channel counts, broadcast 1s
constexpr int64_t kLargestKeptAlignment = 64;   // elements; 64 fp16 are 128 bytes, past any 32-byte rule
constexpr int kDrawAttempts = 100;

struct IntegerToken {
  size_t begin = 0;
  size_t end = 0;
  int64_t value = 0;
};

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::optional<int64_t> ParseInteger(std::string_view text) {
  int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The integers of a value made only of brackets, commas, blanks and non-negative integers
// (`[48, 128, 512]`, `[[1, 2], [3]]`, `(4096,)`); nullopt for any other value.
std::optional<std::vector<IntegerToken>> IntegerListTokens(const std::string& text) {
  if (text.empty() || (text.front() != '[' && text.front() != '(')) return std::nullopt;
  std::vector<IntegerToken> tokens;
  int depth = 0;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (IsDigit(c)) {
      size_t end = i;
      while (end < text.size() && IsDigit(text[end])) ++end;
      const std::optional<int64_t> value = ParseInteger(std::string_view(text).substr(i, end - i));
      if (!value) return std::nullopt;
      tokens.push_back({i, end, *value});
      i = end;
      continue;
    }
    if (c == '[' || c == '(') {
      ++depth;
    } else if (c == ']' || c == ')') {
      if (--depth < 0) return std::nullopt;
    } else if (c != ',' && c != ' ' && c != '\t') {
      return std::nullopt;
    }
    ++i;
  }
  if (depth != 0) return std::nullopt;
  return tokens;
}

std::optional<int64_t> WholeNonNegativeInteger(const std::string& text) {
  if (text.empty() || !std::all_of(text.begin(), text.end(), IsDigit)) return std::nullopt;
  return ParseInteger(text);
}

// How much data a row describes: the product of each list column's integers, summed over columns.
// Only compared between rows of one task, so its meaning for odd columns does not matter.
double Elements(const std::map<std::string, std::string>& values) {
  double total = 0;
  for (const auto& [column, text] : values) {
    const std::optional<std::vector<IntegerToken>> tokens = IntegerListTokens(text);
    if (!tokens || tokens->empty()) continue;
    double product = 1;
    for (const IntegerToken& token : *tokens) product *= static_cast<double>(token.value);
    total += product;
  }
  return total;
}

bool IsPowerOfTwo(int64_t value) { return value > 0 && (value & (value - 1)) == 0; }

int64_t DrawDimension(int64_t old, std::mt19937_64& random) {
  const int64_t granule = std::min(old & -old, kLargestKeptAlignment);
  if (IsPowerOfTwo(old)) {
    const bool mayHalve = (old / 2) % granule == 0;
    const int shift = std::uniform_int_distribution<int>(mayHalve ? -1 : 0, 1)(random);
    return shift < 0 ? old / 2 : old << shift;
  }
  const int64_t lowest = std::max<int64_t>(1, (old / 2 + granule - 1) / granule);
  const int64_t highest = 2 * old / granule;
  return granule * std::uniform_int_distribution<int64_t>(lowest, highest)(random);
}

std::map<std::string, std::string> Remapped(const std::map<std::string, std::string>& values,
                                            const std::map<int64_t, int64_t>& mapping) {
  std::map<std::string, std::string> remapped = values;
  for (auto& [column, text] : remapped) {
    if (column == "case_id") continue;
    if (const std::optional<std::vector<IntegerToken>> tokens = IntegerListTokens(text)) {
      std::string rewritten;
      size_t copied = 0;
      for (const IntegerToken& token : *tokens) {
        const auto found = mapping.find(token.value);
        if (found == mapping.end()) continue;
        rewritten += text.substr(copied, token.begin - copied) + std::to_string(found->second);
        copied = token.end;
      }
      text = rewritten + text.substr(copied);
    } else if (const std::optional<int64_t> value = WholeNonNegativeInteger(text)) {
      if (const auto found = mapping.find(*value); found != mapping.end()) text = std::to_string(found->second);
    }
  }
  return remapped;
}

// The listed row with new dimensions, or unchanged when it has none to draw or no draw fits `largest`.
std::map<std::string, std::string> DrawDimensions(const TestCase& listed, double largest, std::mt19937_64& random) {
  std::map<int64_t, int64_t> mapping;
  for (const auto& [column, text] : listed.values) {
    if (column == "case_id") continue;
    if (const std::optional<std::vector<IntegerToken>> tokens = IntegerListTokens(text))
      for (const IntegerToken& token : *tokens)
        if (token.value >= kSmallestDrawnDimension) mapping[token.value] = token.value;
  }
  if (mapping.empty()) return listed.values;
  for (int attempt = 0; attempt < kDrawAttempts; ++attempt) {
    for (auto& [old, drawn] : mapping) drawn = DrawDimension(old, random);
    std::map<std::string, std::string> values = Remapped(listed.values, mapping);
    if (values != listed.values && Elements(values) <= largest) return values;
  }
  return listed.values;
}

uint32_t Fnv1a(std::string_view text) {
  uint32_t hash = 2166136261u;
  for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  return hash;
}

}  // namespace

void AddExtraCases(Task& task, const std::vector<int>& listedIds, int count, ShapeMode mode, uint64_t seed) {
  if (count <= 0 || listedIds.empty()) return;
  std::vector<int> origins;
  if (mode == ShapeMode::Static) {
    for (int id : listedIds) origins.insert(origins.end(), count, id);
  } else {
    for (int k = 0; k < count; ++k) origins.push_back(listedIds[k % listedIds.size()]);
  }
  int nextId = 0;
  double largest = 0;
  for (const TestCase& listed : task.cases) {
    nextId = std::max(nextId, listed.id + 1);
    largest = std::max(largest, Elements(listed.values));
  }
  std::vector<TestCase> extras;
  for (size_t k = 0; k < origins.size(); ++k) {
    const TestCase& listed = *task.FindCase(origins[k]);
    const uint64_t caseSeed = seed + 1 + k;
    TestCase extra{nextId + static_cast<int>(k), 0, listed.values, ExtraCaseOrigin{listed.id, caseSeed}};
    if (mode == ShapeMode::Dynamic) {
      std::seed_seq sequence{static_cast<uint32_t>(caseSeed), static_cast<uint32_t>(caseSeed >> 32), Fnv1a(task.Key())};
      std::mt19937_64 random(sequence);
      extra.values = DrawDimensions(listed, largest, random);
    }
    extra.values["case_id"] = std::to_string(extra.id);
    extras.push_back(std::move(extra));
  }
  task.cases.insert(task.cases.end(), extras.begin(), extras.end());
}

}  // namespace akgen::bench
