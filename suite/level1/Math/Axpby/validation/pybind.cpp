#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor axpby_impl(at::Tensor& x, at::Tensor& y, double a, double b)
{
    at::Tensor z = torch::empty_like(x);
    float alpha = static_cast<float>(a);
    float beta = static_cast<float>(b);
    EXEC_NPU_CMD(aclnnAxpby, x, y, alpha, beta, z);
    return z;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Axpby custom kernel";
    m.def("axpby", &axpby_impl, "");
}
