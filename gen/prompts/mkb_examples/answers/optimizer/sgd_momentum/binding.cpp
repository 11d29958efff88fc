#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> sgd_momentum_custom_impl(const at::Tensor& param, const at::Tensor& grad,
                                                             const at::Tensor& velocity, double lr, double momentum)
{
    at::Tensor paramOut = at::empty_like(param);
    at::Tensor velocityOut = at::empty_like(param);
    float lrValue = static_cast<float>(lr);
    float momentumValue = static_cast<float>(momentum);
    EXEC_NPU_CMD(aclnnSgdMomentumCustom, param, grad, velocity, lrValue, momentumValue, paramOut, velocityOut);
    return std::make_tuple(paramOut, velocityOut);
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("sgd_momentum_custom", &sgd_momentum_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("sgd_momentum_custom", &sgd_momentum_custom_impl, "velocity' = momentum * velocity + grad; param' = param - lr * velocity'"); }
