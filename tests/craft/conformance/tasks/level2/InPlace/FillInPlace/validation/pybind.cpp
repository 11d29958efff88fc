#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor fill_in_place(at::Tensor& y, double value) {
  EXEC_NPU_CMD(aclnnFillInPlace, y, value);
  return y;
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "FillInPlace on the NPU";
  m.def("fill_in_place", &fill_in_place, "every element of y becomes value");
}
