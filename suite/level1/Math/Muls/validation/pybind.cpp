#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor muls_impl(at::Tensor& x, double value)
{
    at::Tensor y = torch::empty_like(x);
    float scale = static_cast<float>(value);
    EXEC_NPU_CMD(aclnnMuls, x, scale, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Muls custom kernel";
    m.def("muls", &muls_impl, "");
}
