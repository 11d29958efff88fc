#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor gelu(const at::Tensor& x)
{
    at::Tensor y = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnGelu, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "GELU (tanh approximation) on the NPU";
    m.def("gelu", &gelu, "y = gelu(x, approximate='tanh')");
}
