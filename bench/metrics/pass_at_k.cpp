#include "bench/metrics/pass_at_k.h"

namespace akgen::bench {

double PassAtK(int n, int c, int k) {
  if (n - c < k) return 1.0;  // every draw of k must contain a correct sample
  double allWrong = 1.0;
  for (int i = n - c + 1; i <= n; ++i) allWrong *= 1.0 - static_cast<double>(k) / i;
  return 1.0 - allWrong;
}

}  // namespace akgen::bench
