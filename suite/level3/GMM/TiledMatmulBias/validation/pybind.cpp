#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor tiled_matmul_bias(const at::Tensor& a, const at::Tensor& b, const at::Tensor& bias) {
  at::Tensor c = torch::empty({a.size(0), b.size(1)}, a.options());
  EXEC_NPU_CMD(aclnnTiledMatmulBias, a, b, bias, c);
  return c;
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "TiledMatmulBias on the NPU";
  m.def("tiled_matmul_bias", &tiled_matmul_bias, "c = a @ b + bias (float16, float32 accumulation)");
}
