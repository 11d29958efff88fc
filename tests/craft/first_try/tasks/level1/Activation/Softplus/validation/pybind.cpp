#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor softplus_impl(at::Tensor& x)
{
    at::Tensor y = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnSoftplus, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Softplus custom kernel";
    m.def("softplus", &softplus_impl, "");
}
