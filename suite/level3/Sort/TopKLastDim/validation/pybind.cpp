#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include <tuple>
#include <vector>

#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> top_k_last_dim(const at::Tensor& x, int64_t k, bool largest) {
  std::vector<int64_t> shape = x.sizes().vec();
  shape.back() = k;
  at::Tensor values = torch::empty(shape, x.options());
  at::Tensor indices = torch::empty(shape, x.options().dtype(at::kLong));
  EXEC_NPU_CMD(aclnnTopKLastDim, x, k, largest, values, indices);
  return std::make_tuple(values, indices);
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "TopKLastDim on the NPU";
  m.def("top_k_last_dim", &top_k_last_dim, "values, indices = topk(x, k, dim=-1, largest, sorted=True)");
}
