#include <tuple>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> sgd_momentum(const at::Tensor& param, const at::Tensor& grad,
                                                const at::Tensor& velocity, double lr, double momentum)
{
    at::Tensor param_out = torch::empty_like(param);
    at::Tensor velocity_out = torch::empty_like(param);
    float lrValue = static_cast<float>(lr);
    float momentumValue = static_cast<float>(momentum);
    EXEC_NPU_CMD(aclnnSgdMomentum, param, grad, velocity, lrValue, momentumValue, param_out, velocity_out);
    return std::make_tuple(param_out, velocity_out);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "One SGD-with-momentum step on the NPU";
    m.def("sgd_momentum", &sgd_momentum,
          "velocity_out = momentum * velocity + grad; param_out = param - lr * velocity_out");
}
