// Decontamination against the benchmark a model will be judged on: the token 13-grams of its tasks'
// reference answers, API descriptions and question templates. A record's overlap is the share of
// its own 13-grams found there; shared boilerplate (includes, a class skeleton) makes a small share,
// a copied answer or task statement a large one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "bench/task/task.h"

namespace akgen::data {

struct Overlap {
  double share = 0;  // of the text's n-grams found in the benchmark
  std::string task;  // the task that holds the most of them; empty when none
};

class BenchmarkNgrams {
 public:
  BenchmarkNgrams(const std::vector<bench::Task>& tasks, size_t n = 13);

  Overlap Of(std::string_view text) const;
  size_t size() const { return owners_.size(); }

 private:
  size_t n_;
  std::vector<std::string> tasks_;
  std::unordered_map<uint64_t, std::vector<uint32_t>> owners_;  // n-gram hash → the tasks holding it
};

}  // namespace akgen::data
