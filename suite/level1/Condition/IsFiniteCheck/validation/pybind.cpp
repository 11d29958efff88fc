#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor is_finite_check_impl(at::Tensor& x)
{
    at::Tensor y = torch::empty(x.sizes(), x.options().dtype(at::kBool));
    EXEC_NPU_CMD(aclnnIsFiniteCheck, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "IsFiniteCheck custom kernel";
    m.def("is_finite_check", &is_finite_check_impl, "");
}
