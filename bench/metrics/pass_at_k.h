// The unbiased pass@k estimator of Chen et al. (2021): with n samples of which c are correct, the
// chance that at least one of k samples drawn without replacement is correct,
// 1 − C(n−c, k) / C(n, k). NPUKernelBench reports only pooled pass rates (an averaged pass@1).
#pragma once

namespace akgen::bench {

// Every k up to 10 (generation runs draw a few samples per task, and each k ≤ n is worth a line),
// then 100; a k is reported only over problems with at least k samples.
inline constexpr int kPassAtKValues[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100};

// Computed as 1 − Π_{i=n−c+1..n} (1 − k/i), which never forms the binomials (C(100, 50) already
// overflows a 64-bit integer). Requires 0 ≤ c ≤ n and 1 ≤ k ≤ n.
double PassAtK(int n, int c, int k);

}  // namespace akgen::bench
