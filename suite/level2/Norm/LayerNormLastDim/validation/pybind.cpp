#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor layer_norm_last_dim(const at::Tensor& x, const at::Tensor& gamma, const at::Tensor& beta, double epsilon)
{
    at::Tensor y = torch::empty_like(x);
    float epsilonValue = static_cast<float>(epsilon);
    EXEC_NPU_CMD(aclnnLayerNormLastDim, x, gamma, beta, epsilonValue, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "LayerNorm over the last dimension on the NPU";
    m.def("layer_norm_last_dim", &layer_norm_last_dim, "y = (x - mean(x, -1)) * rsqrt(var(x, -1) + epsilon) * gamma + beta");
}
