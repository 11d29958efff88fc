// The cube unit's accumulation order, shared by Mmad and the Matmul API: each 16 x K0 x 16 step
// sums its K0 products exactly (double for floating inputs, int64 for int8) and adds that partial
// sum to the accumulator with one rounding to float (exact for integers).
#pragma once
#include <cstdint>
#include <type_traits>

namespace ascendc_sim {

// `total` plus sum over kk < k of product(kk), stepping K0 = `k0` at a time. `product` returns the
// exact product of one pair of inputs, as Acc's step type (double or int64_t).
template <class Acc, class Product>
Acc AccumulateSteps(Acc total, int64_t k, int64_t k0, Product&& product) {
  using Step = std::conditional_t<std::is_floating_point_v<Acc>, double, int64_t>;
  for (int64_t step = 0; step < k; step += k0) {
    Step partial = 0;
    for (int64_t kk = step; kk < k && kk < step + k0; ++kk) partial += Step(product(kk));
    total = Acc(total + partial);
  }
  return total;
}

}  // namespace ascendc_sim
