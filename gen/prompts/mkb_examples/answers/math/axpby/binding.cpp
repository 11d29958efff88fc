#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor axpby_custom_impl(const at::Tensor& x, const at::Tensor& y, double a, double b)
{
    at::Tensor z = at::empty_like(x);
    float alpha = static_cast<float>(a);
    float beta = static_cast<float>(b);
    EXEC_NPU_CMD(aclnnAxpbyCustom, x, y, alpha, beta, z);
    return z;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("axpby_custom", &axpby_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("axpby_custom", &axpby_custom_impl, "z = a * x + b * y"); }
