#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& gamma, double epsilon)
{
    at::Tensor y = torch::empty_like(x);
    float epsilonValue = static_cast<float>(epsilon);
    EXEC_NPU_CMD(aclnnRmsNorm, x, gamma, epsilonValue, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "RmsNorm over the last dimension on the NPU";
    m.def("rms_norm", &rms_norm, "y = x * rsqrt(mean(x^2, -1) + epsilon) * gamma");
}
