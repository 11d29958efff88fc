#include <string>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor mse_loss(const at::Tensor& predict, const at::Tensor& label)
{
    at::Tensor y = torch::empty({}, predict.options());
    std::string reduction = "mean";
    EXEC_NPU_CMD(aclnnMseLoss, predict, label, reduction, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "MseLoss with reduction 'mean' on the NPU";
    m.def("mse_loss", &mse_loss, "y = mean((predict - label)^2)");
}
