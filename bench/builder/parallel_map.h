// Runs independent work items (units of one evaluation) on up to `jobs` threads.
#pragma once
#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <vector>

namespace akgen::bench {

// results[i] = function(items[i]), in item order. The first exception thrown by any item stops the
// threads from starting more items and is rethrown after all of them have finished.
template <typename Item, typename Function>
auto ParallelMap(const std::vector<Item>& items, unsigned jobs, Function function) {
  using Result = decltype(function(items.front()));
  std::vector<Result> results(items.size());
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::atomic_flag failed;
  auto work = [&] {
    for (size_t i = next++; i < items.size() && !failed.test(); i = next++) {
      try {
        results[i] = function(items[i]);
      } catch (...) {
        if (!failed.test_and_set()) failure = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  const size_t threadCount = std::min<size_t>(std::max(jobs, 1u), items.size());
  for (size_t t = 1; t < threadCount; ++t) threads.emplace_back(work);
  work();
  for (std::thread& thread : threads) thread.join();
  if (failure) std::rethrow_exception(failure);
  return results;
}

}  // namespace akgen::bench
