#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor l1_loss_custom_impl(const at::Tensor& predict, const at::Tensor& target)
{
    at::Tensor y = at::empty({}, predict.options());
    std::string reduction = "mean";
    EXEC_NPU_CMD(aclnnL1LossCustom, predict, target, reduction, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("l1_loss_custom", &l1_loss_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("l1_loss_custom", &l1_loss_custom_impl, "mean(|predict - target|)"); }
