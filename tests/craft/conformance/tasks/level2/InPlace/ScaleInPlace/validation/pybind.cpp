#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor scale_in_place(at::Tensor& x, double alpha) {
  EXEC_NPU_CMD(aclnnScaleInPlace, x, alpha);
  return x;
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "ScaleInPlace on the NPU";
  m.def("scale_in_place", &scale_in_place, "x *= alpha in place");
}
