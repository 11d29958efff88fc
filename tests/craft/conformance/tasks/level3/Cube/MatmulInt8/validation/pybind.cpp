#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor matmul_int8(const at::Tensor& x, const at::Tensor& w) {
  at::Tensor y = torch::empty({x.size(0), w.size(1)}, x.options().dtype(at::kInt));
  EXEC_NPU_CMD(aclnnMatmulInt8, x, w, y);
  return y;
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "MatmulInt8 on the NPU";
  m.def("matmul_int8", &matmul_int8, "y = x @ w, int8 summed in int32");
}
