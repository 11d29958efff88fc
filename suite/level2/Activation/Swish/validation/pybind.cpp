#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor swish(const at::Tensor& x, double beta)
{
    at::Tensor y = torch::empty_like(x);
    float betaValue = static_cast<float>(beta);
    EXEC_NPU_CMD(aclnnSwish, x, betaValue, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Swish on the NPU";
    m.def("swish", &swish, "y = x * sigmoid(beta * x)");
}
