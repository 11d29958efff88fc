#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor masked_fill_scalar_impl(at::Tensor& x, at::Tensor& mask, at::Tensor& value)
{
    at::Tensor y = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnMaskedFillScalar, x, mask, value, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "MaskedFillScalar custom kernel";
    m.def("masked_fill_scalar", &masked_fill_scalar_impl, "y = x.masked_fill(mask, value[0])");
}
