// Test fixture: the Python binding of the ScaledSoftsign task (a tensor and an integer attribute).
#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor custom_pybind_api(const at::Tensor& x, int64_t scale) {
  at::Tensor y = at::zeros_like(x);
  EXEC_NPU_CMD(aclnnCustomOp, x, scale, y);
  return y;
}

PYBIND11_MODULE(kernel_gen_ops, m) { m.def("custom_pybind_api", &custom_pybind_api, ""); }
