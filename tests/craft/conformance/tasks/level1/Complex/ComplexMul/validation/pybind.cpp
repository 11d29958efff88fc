#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

// The elementwise complex product of x and y.
at::Tensor complex_mul_impl(const at::Tensor& x, const at::Tensor& y)
{
    at::Tensor z = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnComplexMul, x, y, z);
    return z;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ComplexMul test kernel";
    m.def("complex_mul", &complex_mul_impl, "");
}
