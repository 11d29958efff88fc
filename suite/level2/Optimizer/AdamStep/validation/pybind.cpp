#include <tuple>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor, at::Tensor> adam_step(const at::Tensor& param, const at::Tensor& grad,
                                                         const at::Tensor& m, const at::Tensor& v, double lr,
                                                         double beta1, double beta2, double eps, int64_t step)
{
    at::Tensor param_out = torch::empty_like(param);
    at::Tensor m_out = torch::empty_like(m);
    at::Tensor v_out = torch::empty_like(v);
    float lrValue = static_cast<float>(lr);
    float beta1Value = static_cast<float>(beta1);
    float beta2Value = static_cast<float>(beta2);
    float epsValue = static_cast<float>(eps);
    EXEC_NPU_CMD(aclnnAdamStep, param, grad, m, v, lrValue, beta1Value, beta2Value, epsValue, step, param_out, m_out,
                 v_out);
    return std::make_tuple(param_out, m_out, v_out);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "One Adam step on the NPU";
    m.def("adam_step", &adam_step, "param_out, m_out, v_out = one torch.optim.Adam step (no weight decay)");
}
