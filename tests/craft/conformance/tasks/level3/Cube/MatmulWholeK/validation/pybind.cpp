#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor matmul_whole_k(const at::Tensor& x, const at::Tensor& w) {
  at::Tensor y = torch::empty({x.size(0), w.size(1)}, x.options().dtype(at::kFloat));
  EXEC_NPU_CMD(aclnnMatmulWholeK, x, w, y);
  return y;
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "MatmulWholeK on the NPU";
  m.def("matmul_whole_k", &matmul_whole_k, "y = x @ w in float32");
}
