#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor greater_equal_impl(at::Tensor& x1, at::Tensor& x2)
{
    at::Tensor y = torch::empty(x1.sizes(), x1.options().dtype(at::kBool));
    EXEC_NPU_CMD(aclnnGreaterEqual, x1, x2, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "GreaterEqual custom kernel";
    m.def("greater_equal", &greater_equal_impl, "");
}
