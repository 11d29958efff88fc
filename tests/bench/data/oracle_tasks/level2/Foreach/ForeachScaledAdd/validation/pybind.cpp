// Test fixture: the Python binding of the ForeachScaledAdd task (tensor lists in and out, a float
// passed as a one-element tensor converted to an aclScalar).
#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

std::vector<at::Tensor> custom_pybind_api(std::vector<at::Tensor>& x, std::vector<at::Tensor>& y, double alpha) {
  std::vector<at::Tensor> out;
  for (const at::Tensor& tensor : x) out.push_back(at::empty_like(tensor));
  const at::Tensor alphaTensor = at::scalar_tensor(alpha, at::kDouble);
  EXEC_NPU_CMD(aclnnCustomOp, at::TensorList(x), at::TensorList(y), ConvertTensorToAclScaler(alphaTensor),
               at::TensorList(out));
  return out;
}

PYBIND11_MODULE(kernel_gen_ops, m) { m.def("custom_pybind_api", &custom_pybind_api, ""); }
