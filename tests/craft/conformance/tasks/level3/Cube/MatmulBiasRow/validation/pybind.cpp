#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor matmul_bias_row(const at::Tensor& x, const at::Tensor& w, const at::Tensor& bias) {
  at::Tensor y = torch::empty({x.size(0), w.size(1)}, x.options());
  EXEC_NPU_CMD(aclnnMatmulBiasRow, x, w, bias, y);
  return y;
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "MatmulBiasRow on the NPU";
  m.def("matmul_bias_row", &matmul_bias_row, "y = x @ w + bias (float32 sums)");
}
